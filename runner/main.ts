import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startRunner } from './server';

export { startRunner } from './server';
export type { RunningRunner, StartRunnerOptions } from './server';

/** Run as a program: `node build/runner/index.js` or `tsx runner/main.ts`. */
async function main(): Promise<void> {
  const runner = await startRunner();
  const stop = () => {
    void runner.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function isEntryPoint(): boolean {
  try {
    return Boolean(process.argv[1]) && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

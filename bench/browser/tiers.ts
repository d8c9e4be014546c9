/**
 * Both Kiln tiers started the way `npm start` starts them (scripts/start.mjs), on free ports and a data
 * directory the caller chooses (reused across runs to keep the runner's npm cache warm).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, freePort } from '../../tests/support/kiln-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNNER_ENTRY = path.join(ROOT, 'build/runner/index.js');
const RUNNER_BUILD_SCRIPT = path.join(ROOT, 'scripts/build-runner.mjs');

export interface KilnTiers {
  url: string;
  runnerUrl: string;
  output(): string;
  stop(): Promise<void>;
}

function hasFileNewerThan(target: string, time: number): boolean {
  if (!existsSync(target)) return false;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return readdirSync(target).some((entry) => entry !== 'node_modules' && hasFileNewerThan(path.join(target, entry), time));
}

/** The web tier through the shared helper; the runner bundle with the repo's build script, under the same lock. */
export function ensureBothTiersBuilt(): void {
  ensureBuilt();
  if (process.env.KILN_TEST_SKIP_BUILD === '1' && existsSync(RUNNER_ENTRY)) return;
  const builtAt = existsSync(RUNNER_ENTRY) ? statSync(RUNNER_ENTRY).mtimeMs : 0;
  const runnerStale = builtAt === 0 || ['runner', 'protocol'].some((dir) => hasFileNewerThan(path.join(ROOT, dir), builtAt));
  if (!runnerStale) return;
  if (!existsSync(RUNNER_BUILD_SCRIPT)) {
    throw new Error('The runner is not built (build/runner/index.js) and scripts/build-runner.mjs does not exist yet: cannot start the sandbox tier');
  }
  mkdirSync(path.join(ROOT, 'tests/.tmp'), { recursive: true });
  const result = spawnSync('flock', [path.join(ROOT, 'tests/.tmp/build.lock'), process.execPath, RUNNER_BUILD_SCRIPT], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`Runner build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** start.mjs wants RUNNER_PORT = PORT + 1 here, so find a free pair. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (port < 65535 && (await canListen(port + 1))) return port;
  }
  throw new Error('Could not find two adjacent free ports');
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Kiln exited with code ${child.exitCode} before ${url} answered:\n${output().slice(-3000)}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${url}:\n${output().slice(-3000)}`);
}

export async function startTiers(options: { dataDir: string; llmUrl: string }): Promise<KilnTiers> {
  ensureBothTiersBuilt();
  const port = await freePortPair();
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      RUNNER_PORT: String(port + 1),
      DATA_DIR: options.dataDir,
      DATABASE_URL: undefined,
      OPENAI_BASE_URL: options.llmUrl,
      OPENAI_API_KEY: 'bench-key',
      LLM_MODEL: 'mock-model',
      ANTHROPIC_API_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const runnerUrl = `http://127.0.0.1:${port + 1}`;
  try {
    await waitForHttp(`${url}/api/health`, child, () => output, 120_000);
    await waitForHttp(`${runnerUrl}/healthz`, child, () => output, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, runnerUrl, output: () => output, stop };
}

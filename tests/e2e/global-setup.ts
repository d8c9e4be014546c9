/**
 * Starts the scripted model server and both Kiln tiers (`scripts/start.mjs`, the same entry as
 * `npm start`) on a fresh data directory. Returns the teardown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMockLlm } from '../support/mock-llm';
import { e2eScript } from './scripts';

const WEB_PORT = Number(process.env.KILN_E2E_PORT ?? 3100);
const RUNNER_PORT = WEB_PORT + 1;

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Kiln exited with code ${child.exitCode} before ${url} answered`);
    }
    try {
      const response = await fetch(url);
      if (response.status < 500) {
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const llm = await startMockLlm(e2eScript);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(WEB_PORT),
      RUNNER_PORT: String(RUNNER_PORT),
      DATA_DIR: dataDir,
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'test-key',
      LLM_MODEL: 'mock-model',
      ANTHROPIC_API_KEY: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${WEB_PORT}/api/health`, child, 120_000);
  await waitFor(`http://127.0.0.1:${RUNNER_PORT}/health`, child, 30_000);
  process.env.KILN_E2E_LLM_URL = llm.url;
  process.env.KILN_E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

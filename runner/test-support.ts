/** Shared helpers for the runner's tests: a real runner on port 0 with a temporary DATA_DIR. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createRunnerSandbox, type WebSocketConstructor } from '../app/lib/sandbox/runner.client';
import type { Sandbox, SandboxProcess } from '../app/lib/sandbox/types';
import { signRunnerToken } from '../protocol/token';
import type { RunnerConfig } from './config';
import { startRunner, type RunningRunner } from './server';

export const TEST_SECRET = 'test-secret-0123456789abcdef';

export const silentLogger = { info: () => undefined, warn: () => undefined };

export interface TestRunner {
  runner: RunningRunner;
  dataDir: string;
  url: string;
  connect(sandboxId?: string): Promise<Sandbox>;
  close(): Promise<void>;
}

export function newSandboxId(): string {
  return `t${randomBytes(6).toString('hex')}`;
}

function hasBwrap(): boolean {
  try {
    execFileSync('bwrap', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const bwrapInstalled = hasBwrap();

/** The ways a runner can isolate sandboxes; tests that matter for all of them run once per mode. */
export const RUNNER_MODES: Array<{
  name: string;
  env: Record<string, string>;
  config: Partial<RunnerConfig>;
  skip: boolean;
}> = [
  { name: 'bwrap, private network', env: { RUNNER_SANDBOX: 'bwrap' }, config: {}, skip: !bwrapInstalled },
  {
    name: 'bwrap, host network',
    env: { RUNNER_SANDBOX: 'bwrap' },
    config: { privateNetwork: false },
    skip: !bwrapInstalled,
  },
  { name: 'unsandboxed', env: { RUNNER_SANDBOX: 'none' }, config: {}, skip: false },
];

export async function startTestRunner(
  env: Record<string, string> = {},
  config: Partial<RunnerConfig> = {}
): Promise<TestRunner> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-runner-test-'));
  const runner = await startRunner({
    env: { RUNNER_PORT: '0', DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET, ...env },
    config,
    logger: silentLogger,
  });
  const url = `ws://127.0.0.1:${runner.port}`;
  return {
    runner,
    dataDir,
    url,
    connect: (sandboxId = newSandboxId()) =>
      createRunnerSandbox({
        url,
        sandboxId,
        token: signRunnerToken({ sandboxId, userId: null }, TEST_SECRET),
        WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      }),
    async close() {
      await runner.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collect a process's output until it exits. */
export async function runToEnd(process: SandboxProcess): Promise<{ output: string; exitCode: number }> {
  let output = '';
  const reading = process.output.pipeTo(new WritableStream({ write: (chunk) => void (output += chunk) }));
  const exitCode = await process.exit;
  await reading;
  return { output, exitCode };
}

/** Reads a process's output as it comes; `waitFor` resolves once everything read so far matches. */
export function readOutput(process: SandboxProcess): { waitFor(pattern: RegExp): Promise<string>; text(): string } {
  let output = '';
  let ended = false;
  const waiters = new Set<{ pattern: RegExp; resolve: (text: string) => void; reject: (error: Error) => void }>();
  const check = () => {
    for (const waiter of waiters) {
      if (waiter.pattern.test(output)) {
        waiters.delete(waiter);
        waiter.resolve(output);
      } else if (ended) {
        waiters.delete(waiter);
        waiter.reject(new Error(`Process ended before ${waiter.pattern}: ${JSON.stringify(output)}`));
      }
    }
  };
  void process.output
    .pipeTo(
      new WritableStream({
        write(chunk) {
          output += chunk;
          check();
        },
        close() {
          ended = true;
          check();
        },
      })
    )
    .catch(() => undefined);
  return {
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        // Fail with the output seen so far rather than a bare test timeout.
        const timer = setTimeout(() => reject(new Error(`No ${pattern} in ${JSON.stringify(output)}`)), 10_000);
        waiters.add({
          pattern,
          resolve: (text) => (clearTimeout(timer), resolve(text)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        check();
      }),
    text: () => output,
  };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FileChange, Sandbox } from '../app/lib/sandbox/types';
import { signRunnerToken } from '../protocol/token';
import { newSandboxId, RUNNER_MODES, runToEnd, startTestRunner, TEST_SECRET, type TestRunner } from './test-support';

let runner: TestRunner | null = null;

afterEach(async () => {
  await runner?.close();
  runner = null;
});

/** Host pids whose command line contains `marker`. */
async function pidsWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (/^\d+$/.test(name) && Number(name) !== process.pid) {
      const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.split('\0').includes(marker)) {
        pids.push(Number(name));
      }
    }
  }
  return pids;
}

/** Poll /proc (there is no event for "a process appeared/vanished") until `check` holds. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function rawConnect(
  url: string,
  sandboxId: string,
  token: string
): Promise<{ status: number | null; socket: WebSocket | null }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url}/sandbox/${sandboxId}?token=${encodeURIComponent(token)}`);
    socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? null, socket: null }));
    socket.on('message', () => resolve({ status: 101, socket }));
    socket.on('error', () => undefined);
  });
}

describe('sandbox lifecycle', () => {
  it.each(RUNNER_MODES)('teardown leaves no process behind, background jobs included ($name)', async (mode) => {
    if (mode.skip) {
      return; // bubblewrap is not installed
    }
    runner = await startTestRunner(mode.env, mode.config);
    const sandbox = await runner.connect();
    const seconds = String(900 + Math.floor(Math.random() * 9000));
    await sandbox.spawn('sh', ['-c', `sleep ${seconds} & sleep ${seconds}; wait`]);
    const shell = await sandbox.spawnShell();
    const writer = shell.input.getWriter();
    await writer.write(`sleep ${seconds} &\n`);
    // A session leader escapes process-group kills; only the pid namespace catches it (bwrap).
    if (runner.runner.sandboxed) {
      await writer.write(`setsid sleep ${seconds} &\n`);
    }
    const expected = runner.runner.sandboxed ? 4 : 3;
    await eventually(async () => (await pidsWith(seconds)).length >= expected, 'the sleeps to start');
    await sandbox.teardown();
    expect(await pidsWith(seconds)).toEqual([]);
    expect(await readdir(path.join(runner.dataDir, 'sandboxes'))).toEqual([]);
  });

  it('reaps an idle sandbox with no connection', async () => {
    runner = await startTestRunner({ RUNNER_IDLE_MS: '200' });
    const sandboxId = newSandboxId();
    const { socket } = await rawConnect(
      runner.url,
      sandboxId,
      signRunnerToken({ sandboxId, userId: null }, TEST_SECRET)
    );
    const seconds = String(900 + Math.floor(Math.random() * 9000));
    socket?.send(JSON.stringify({ id: 1, type: 'proc.spawn', command: 'sleep', args: [seconds] }));
    await eventually(async () => (await pidsWith(seconds)).length > 0, 'sleep to start');
    socket?.close();
    await eventually(async () => (await pidsWith(seconds)).length === 0, 'the idle sandbox to be reaped');
  });

  it.each([
    [
      'a token signed with another secret',
      (id: string) => signRunnerToken({ sandboxId: id, userId: null }, 'another-secret-0123456789'),
    ],
    ['a token for another sandbox', () => signRunnerToken({ sandboxId: 'othersandbox', userId: null }, TEST_SECRET)],
    [
      'an expired token',
      (id: string) => signRunnerToken({ sandboxId: id, userId: null, now: Date.now() - 3_600_000 }, TEST_SECRET),
    ],
    ['garbage', () => 'not-a-token'],
  ])('rejects %s with 401', async (_name, makeToken) => {
    runner = await startTestRunner({ RUNNER_SANDBOX: 'none' }); // auth does not depend on isolation
    const sandboxId = newSandboxId();
    expect((await rawConnect(runner.url, sandboxId, makeToken(sandboxId))).status).toBe(401);
  });

  it('enforces the sandbox and process limits with LIMIT', async () => {
    runner = await startTestRunner({ RUNNER_MAX_SANDBOXES: '1', RUNNER_MAX_PROCESSES: '2' });
    const sandbox = await runner.connect();
    await expect(runner.connect()).rejects.toThrow(/Too many sandboxes/);
    await sandbox.spawn('sleep', ['30']);
    await sandbox.spawn('sleep', ['30']);
    await expect(sandbox.spawn('sleep', ['30'])).rejects.toMatchObject({ code: 'LIMIT' });
    await sandbox.teardown();
  });

  it('answers invalid messages with errors and keeps serving', async () => {
    runner = await startTestRunner();
    const sandboxId = newSandboxId();
    const { socket } = await rawConnect(
      runner.url,
      sandboxId,
      signRunnerToken({ sandboxId, userId: null }, TEST_SECRET)
    );
    const replies: unknown[] = [];
    const got = (count: number) => eventually(async () => replies.length >= count, `${count} replies`);
    socket?.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString())));
    socket?.send('{not json');
    socket?.send(JSON.stringify({ id: 5, type: 'fs.nope' }));
    socket?.send(JSON.stringify({ id: 6, type: 'fs.readdir', path: '' }));
    await got(3);
    expect(replies[0]).toMatchObject({ type: 'error' });
    expect(replies[1]).toMatchObject({ type: 'response', id: 5, ok: false, error: { code: 'BAD_REQUEST' } });
    expect(replies[2]).toMatchObject({ type: 'response', id: 6, ok: true });
    socket?.close();
  });
});

describe('watcher', () => {
  async function nextChanges(sandbox: Sandbox, until: (changes: FileChange[]) => boolean): Promise<FileChange[]> {
    const seen: FileChange[] = [];
    return new Promise((resolve) => {
      const stop = sandbox.watch((changes) => {
        seen.push(...changes);
        if (until(seen)) {
          stop();
          resolve(seen);
        }
      });
    });
  }

  it('reports files written by processes to every connection, with content, skipping node_modules', async () => {
    runner = await startTestRunner();
    const sandboxId = newSandboxId();
    const writer = await runner.connect(sandboxId);
    const observer = await runner.connect(sandboxId);
    const added = nextChanges(observer, (changes) => changes.some((change) => change.path === 'done.txt'));
    await runToEnd(
      await writer.spawn('sh', [
        '-c',
        "mkdir -p src node_modules/pkg && printf hi > src/a.txt && printf '\\000\\001' > b.bin && echo x > node_modules/pkg/i.js && echo > done.txt",
      ])
    );
    const changes = await added;
    const byPath = new Map(changes.map((change) => [change.path, change]));
    expect(byPath.get('src')).toMatchObject({ type: 'add_dir' });
    expect(byPath.get('src/a.txt')).toMatchObject({
      type: 'add_file',
      binary: false,
      content: new TextEncoder().encode('hi'),
    });
    expect(byPath.get('b.bin')).toMatchObject({ type: 'add_file', binary: true, content: new Uint8Array([0, 1]) });
    expect([...byPath.keys()].some((path) => path.startsWith('node_modules'))).toBe(false);

    const removed = nextChanges(observer, (all) =>
      all.some((change) => change.path === 'src/a.txt' && change.type === 'remove_file')
    );
    await writer.fs.writeFile('done.txt', '\n'); // same content: no event expected for it
    await writer.fs.rm('src/a.txt');
    const second = await removed;
    expect(second.some((change) => change.path === 'done.txt')).toBe(false);
    await writer.teardown();
  });
});

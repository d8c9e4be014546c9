import { describe, expect, it, vi } from 'vitest';
import {
  createRunnerSandbox,
  normalizeSandboxPath,
  type WebSocketConstructor,
  type WebSocketLike,
} from './runner.client';

describe('normalizeSandboxPath', () => {
  it.each([
    ['src/App.tsx', 'src/App.tsx'],
    ['/src/App.tsx', 'src/App.tsx'],
    ['project/src/App.tsx', 'src/App.tsx'],
    ['/project/src/App.tsx', 'src/App.tsx'],
    ['/home/project/src/App.tsx', 'src/App.tsx'],
    ['./src/', 'src'],
    ['/', ''],
    ['project', ''],
    ['projects/a.txt', 'projects/a.txt'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSandboxPath(input)).toBe(expected);
  });
});

/** A scripted WebSocket: replies to requests as a runner would, sends events on demand. */
class ScriptedSocket implements WebSocketLike {
  static last: ScriptedSocket | null = null;
  readyState = 1;
  readonly sent: Array<Record<string, unknown>> = [];
  private readonly handlers = new Map<string, Array<(event: never) => void>>();

  constructor(readonly url: string) {
    ScriptedSocket.last = this;
    queueMicrotask(() =>
      this.push({ type: 'hello', sandboxId: 'abcdefgh', previewUrlTemplate: 'http://x-{port}/', sandboxed: true })
    );
  }

  addEventListener(type: string, listener: (event: never) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }

  push(message: unknown): void {
    for (const handler of this.handlers.get('message') ?? []) {
      (handler as (event: { data: unknown }) => void)({ data: JSON.stringify(message) });
    }
  }

  send(data: string): void {
    const request = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(request);
    if (request.type === 'proc.spawn' && request.command === 'long') {
      this.push({ type: 'response', id: request.id, ok: true, result: { pid: 43 } });
    } else if (request.type === 'proc.spawn') {
      // The runner may deliver output and exit right behind the response: they must not be lost.
      this.push({ type: 'response', id: request.id, ok: true, result: { pid: 42 } });
      this.push({ type: 'proc.output', pid: 42, data: 'early' });
      this.push({ type: 'proc.exit', pid: 42, exitCode: 3 });
    } else if (request.type === 'fs.readFile') {
      this.push({ type: 'response', id: request.id, ok: false, error: { code: 'ENOENT', message: 'no such file' } });
    }
  }

  close(code = 1000, reason = ''): void {
    for (const handler of this.handlers.get('close') ?? []) {
      (handler as (event: { code: number; reason: string }) => void)({ code, reason });
    }
  }
}

describe('createRunnerSandbox', () => {
  const connect = () =>
    createRunnerSandbox({
      url: 'ws://runner/',
      sandboxId: 'abcdefgh',
      token: 'a b',
      WebSocketImpl: ScriptedSocket as WebSocketConstructor,
    });

  it('connects with the sandbox id and an encoded token', async () => {
    await connect();
    expect(ScriptedSocket.last?.url).toBe('ws://runner/sandbox/abcdefgh?token=a%20b');
  });

  it('keeps output and exit that arrive right after the spawn response', async () => {
    const sandbox = await connect();
    const process = await sandbox.spawn('npm', ['install'], { cwd: '/project/app', terminal: { cols: 100, rows: 30 } });
    const chunks: string[] = [];
    await process.output.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    expect(await process.exit).toBe(3);
    expect(chunks).toEqual(['early']);
    expect(ScriptedSocket.last?.sent[0]).toMatchObject({
      type: 'proc.spawn',
      command: 'npm',
      args: ['install'],
      cwd: 'app',
      cols: 100,
      rows: 30,
    });
  });

  it('rejects with the runner error code', async () => {
    const sandbox = await connect();
    await expect(sandbox.fs.readFile('/project/missing.txt', 'utf-8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(ScriptedSocket.last?.sent[0]).toMatchObject({ type: 'fs.readFile', path: 'missing.txt', encoding: 'utf-8' });
  });

  it('converts base64 watch events to bytes', async () => {
    const sandbox = await connect();
    const received = new Promise((resolve) => sandbox.watch(resolve));
    ScriptedSocket.last?.push({
      type: 'watch',
      events: [
        { type: 'add_file', path: 'a.bin', data: 'AAH/', encoding: 'base64' },
        { type: 'change', path: 'b.txt', data: 'hé', encoding: 'utf-8' },
        { type: 'remove_dir', path: 'old' },
      ],
    });
    expect(await received).toEqual([
      { type: 'add_file', path: 'a.bin', content: new Uint8Array([0, 1, 255]), binary: true },
      { type: 'change', path: 'b.txt', content: new TextEncoder().encode('hé'), binary: false },
      { type: 'remove_dir', path: 'old' },
    ]);
  });

  it('reconnects after a dropped connection and keeps following running processes', async () => {
    const sandbox = await createRunnerSandbox({
      url: 'ws://runner',
      sandboxId: 'abcdefgh',
      token: 't',
      WebSocketImpl: ScriptedSocket as WebSocketConstructor,
      reconnectDelaysMs: [0],
    });
    const process = await sandbox.spawn('long');
    const first = ScriptedSocket.last;
    first?.close(1006, '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = ScriptedSocket.last;
    expect(second).not.toBe(first);
    second?.push({ type: 'proc.output', pid: 43, data: 'still here' });
    second?.push({ type: 'proc.exit', pid: 43, exitCode: 0 });
    const chunks: string[] = [];
    await process.output.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    expect(chunks).toEqual(['still here']);
    expect(await process.exit).toBe(0);
  });

  it('asks for a fresh token when it reconnects', async () => {
    const getToken = vi.fn(async () => 'fresh');
    await createRunnerSandbox({
      url: 'ws://runner',
      sandboxId: 'abcdefgh',
      token: 'first',
      WebSocketImpl: ScriptedSocket as WebSocketConstructor,
      reconnectDelaysMs: [0],
      getToken,
    });
    const first = ScriptedSocket.last;
    expect(first?.url).toContain('token=first');
    expect(getToken).not.toHaveBeenCalled();
    first?.close(1006, '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(ScriptedSocket.last?.url).toContain('token=fresh');
  });

  it('reports a lost connection once reconnecting gives up', async () => {
    const sandbox = await createRunnerSandbox({
      url: 'ws://runner',
      sandboxId: 'abcdefgh',
      token: 't',
      WebSocketImpl: ScriptedSocket as WebSocketConstructor,
      reconnectDelaysMs: [],
    });
    const process = await sandbox.spawn('long');
    const lost = new Promise((resolve) => sandbox.on('error', resolve));
    ScriptedSocket.last?.close(1006, 'network down');
    expect(await lost).toEqual({ message: 'Lost connection to the runner: network down' });
    expect(await process.exit).toBe(1);
    await expect(sandbox.fs.readdir('/')).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('emits port events and teardown', async () => {
    const sandbox = await connect();
    const port = new Promise((resolve) => sandbox.on('port', (...args) => resolve(args)));
    ScriptedSocket.last?.push({ type: 'port', port: 5173, state: 'open', url: 'http://x-5173/' });
    expect(await port).toEqual([5173, 'open', 'http://x-5173/']);
    const tornDown = new Promise<void>((resolve) => sandbox.on('teardown', resolve));
    ScriptedSocket.last?.close(1000, 'sandbox torn down');
    await tornDown;
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_TIMEOUT_MESSAGE, classifyBootError } from './boot-errors';
import type { Sandbox } from './types';
import { bootWebContainerSandbox } from './webcontainer.client';
import { createFakeApi, FakeContainer } from './webcontainer/fake-webcontainer';

const live: Sandbox[] = [];

async function boot(api = createFakeApi().api, workdirName = 'project') {
  const sandbox = await bootWebContainerSandbox({ workdirName, coep: 'credentialless', api });
  live.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(live.splice(0).map((sandbox) => sandbox.teardown()));
});

describe('bootWebContainerSandbox', () => {
  it('boots with the workdir, COEP mode and preview errors forwarded', async () => {
    const fake = createFakeApi();
    const sandbox = await boot(fake.api);

    expect(fake.boots).toEqual([{ workdirName: 'project', coep: 'credentialless', forwardPreviewErrors: true }]);
    expect(sandbox.kind).toBe('webcontainer');
    expect(sandbox.workdir).toBe('project');
  });

  it('refuses a second boot while one instance is live, and boots again after teardown', async () => {
    const fake = createFakeApi();
    const first = await boot(fake.api);

    await expect(boot(fake.api)).rejects.toThrow('Only one WebContainer can run at a time');
    expect(fake.boots).toHaveLength(1);

    await first.teardown();
    live.splice(live.indexOf(first), 1);
    await expect(boot(fake.api)).resolves.toMatchObject({ kind: 'webcontainer' });
    expect(fake.containers[0].teardownCalls).toBe(1);
  });

  it('refuses a second boot while the first is still booting', async () => {
    let finishBoot!: (container: FakeContainer) => void;
    const fake = createFakeApi(() => new Promise((resolve) => (finishBoot = resolve)));
    const first = boot(fake.api);

    await expect(boot(fake.api)).rejects.toThrow('Only one WebContainer can run at a time');
    finishBoot(new FakeContainer('/home/project'));
    await expect(first).resolves.toMatchObject({ kind: 'webcontainer' });
  });

  it('waits for an earlier teardown to finish before booting', async () => {
    const fake = createFakeApi();
    const first = await boot(fake.api);
    live.splice(0);
    let finishTeardown!: () => void;
    fake.containers[0].teardownResult = new Promise((resolve) => (finishTeardown = resolve));

    const tearingDown = first.teardown();
    const second = boot(fake.api);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.boots).toHaveLength(1);

    finishTeardown();
    await tearingDown;
    await expect(second).resolves.toMatchObject({ kind: 'webcontainer' });
    expect(fake.boots).toHaveLength(2);
  });

  it.each(['', '.', '..', 'my/project', '/project', 'project/'])('refuses the workdir name %j', async (name) => {
    const fake = createFakeApi();
    await expect(boot(fake.api, name)).rejects.toThrow(`Working directory must be a valid folder name, got '${name}'`);
    expect(fake.boots).toHaveLength(0);
  });

  it('gives up after 30 s with the exact timeout message, and frees the slot', async () => {
    vi.useFakeTimers();
    const never = createFakeApi(() => new Promise(() => undefined));
    let outcome: unknown = 'pending';
    const booting = bootWebContainerSandbox({ workdirName: 'project', coep: 'require-corp', api: never.api }).catch(
      (error: unknown) => (outcome = error),
    );

    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await booting;

    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe('WebContainer took longer than 30s to boot');
    expect(classifyBootError(outcome, 'boot')).toBe('startup-timeout');
    vi.useRealTimers();
    await expect(boot()).resolves.toMatchObject({ kind: 'webcontainer' });
  });

  it('tears down an instance that finishes booting after the timeout', async () => {
    let finishBoot!: (container: FakeContainer) => void;
    const slow = createFakeApi(() => new Promise((resolve) => (finishBoot = resolve)));
    const booting = bootWebContainerSandbox({ workdirName: 'project', coep: 'credentialless', timeoutMs: 5, api: slow.api });

    await expect(booting).rejects.toThrow(BOOT_TIMEOUT_MESSAGE);
    const late = new FakeContainer('/home/project');
    finishBoot(late);
    await vi.waitFor(() => expect(late.teardownCalls).toBe(1));
  });

  it.each([
    ['RangeError: WebAssembly.Memory(): could not allocate memory', 'out-of-memory'],
    ['Out of memory', 'out-of-memory'],
    ['RuntimeError: unreachable', 'out-of-memory'],
    ['Failed to fetch the WebContainer runtime', 'startup-error'],
  ] as const)('passes a boot failure %j through unchanged, classified as %s', async (message, kind) => {
    const failing = createFakeApi(() => Promise.reject(new Error(message)));
    const error = await boot(failing.api).catch((thrown: unknown) => thrown);

    expect((error as Error).message).toBe(message);
    expect(classifyBootError(error, 'boot')).toBe(kind);
    await expect(boot()).resolves.toMatchObject({ kind: 'webcontainer' });
  });
});

describe('a booted WebContainer sandbox', () => {
  it('starts jsh with OSC markers and the terminal size', async () => {
    const fake = createFakeApi();
    const sandbox = await boot(fake.api);

    await sandbox.spawnShell({ terminal: { cols: 120, rows: 30 } });
    await sandbox.spawnShell();

    expect(fake.containers[0].spawns.map(({ command, args, options }) => [command, args, options?.terminal])).toEqual([
      ['/bin/jsh', ['--osc'], { cols: 120, rows: 30 }],
      ['/bin/jsh', ['--osc'], { cols: 80, rows: 24 }],
    ]);
  });

  it('kills running processes, tells listeners and refuses work after teardown', async () => {
    const fake = createFakeApi();
    const sandbox = await boot(fake.api);
    live.splice(0);
    const finished = await sandbox.spawn('node', ['server.js']);
    const running = await sandbox.spawn('npm', ['run', 'dev']);
    fake.containers[0].spawns[0].process.finish(0);
    await finished.exit;
    const onTeardown = vi.fn();
    sandbox.on('teardown', onTeardown);

    await sandbox.teardown();

    expect(fake.containers[0].spawns.map(({ process }) => process.killed)).toEqual([false, true]);
    await expect(running.exit).resolves.toBe(130);
    expect(onTeardown).toHaveBeenCalledTimes(1);
    await expect(sandbox.spawn('ls')).rejects.toThrow('torn down');
  });

  it.each([
    ['src/App.tsx', 'src/App.tsx'],
    ['/home/project/src/App.tsx', 'src/App.tsx'],
    ['/src/App.tsx', 'src/App.tsx'],
    ['src/', 'src'],
  ])('writes %j at %j inside the workdir', async (given, expected) => {
    const fake = createFakeApi();
    const sandbox = await boot(fake.api);

    await sandbox.fs.writeFile(given, 'x');

    expect(fake.containers[0].fs.calls).toEqual([`writeFile ${expected}`]);
  });

  it('mounts a flat file list as a nested tree', async () => {
    const fake = createFakeApi();
    const sandbox = await boot(fake.api);
    const logo = new Uint8Array([137, 80, 78, 71]);

    await sandbox.mount([
      { path: 'package.json', content: '{}' },
      { path: '/home/project/src/main.ts', content: 'main' },
      { path: 'src/assets/logo.png', content: logo },
    ]);

    expect(fake.containers[0].mounts).toEqual([
      {
        'package.json': { file: { contents: '{}' } },
        src: { directory: { 'main.ts': { file: { contents: 'main' } }, assets: { directory: { 'logo.png': { file: { contents: logo } } } } } },
      },
    ]);
  });

  it('forwards container events and maps preview messages', async () => {
    const fake = createFakeApi();
    const sandbox = await boot(fake.api);
    const onPort = vi.fn();
    const onMessage = vi.fn();
    const stopPort = sandbox.on('port', onPort);
    sandbox.on('preview-message', onMessage);

    fake.containers[0].emit('port', 5173, 'open', 'https://preview.example');
    stopPort();
    fake.containers[0].emit('port', 5173, 'close', 'https://preview.example');
    fake.containers[0].emit('preview-message', { port: 5173, type: 'PREVIEW_CONSOLE_ERROR', args: ['boom'] });

    expect(onPort).toHaveBeenCalledExactlyOnceWith(5173, 'open', 'https://preview.example');
    expect(onMessage).toHaveBeenCalledWith({ port: 5173, type: 'PREVIEW_CONSOLE_ERROR', args: ['boom'] });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $currentDialog, clearDialogs, showFatalErrorDialog } from '~/lib/stores/dialogs';
import { createSandbox, fatalErrorAnalyticsEvent, RUNNER_BOOT_TIMEOUT_MESSAGE, type FatalSandboxError } from './index';
import type { Sandbox } from './types';
import { createFakeApi, FakeContainer } from './webcontainer/fake-webcontainer';

const runnerMock = vi.hoisted(() => ({ createRunnerSandbox: vi.fn() }));
vi.mock('./runner.client', () => runnerMock);

const live: Sandbox[] = [];
const session = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

beforeEach(() => clearDialogs());
afterEach(async () => {
  await Promise.all(live.splice(0).map((sandbox) => sandbox.teardown()));
});

describe('createSandbox with the runner', () => {
  it('connects through runner.client with the url, sandbox id and token', async () => {
    const runnerSandbox = { kind: 'runner', on: vi.fn(() => () => undefined), teardown: vi.fn() } as unknown as Sandbox;
    runnerMock.createRunnerSandbox.mockResolvedValueOnce(runnerSandbox);

    const sandbox = await createSandbox({ kind: 'runner', url: 'ws://127.0.0.1:3001', sandboxId: 'abcd1234', token: 't0k' });

    expect(sandbox).toBe(runnerSandbox);
    expect(runnerMock.createRunnerSandbox).toHaveBeenCalledWith({ url: 'ws://127.0.0.1:3001', sandboxId: 'abcd1234', token: 't0k' });
  });

  it.each([
    [new Error('Runner refused the token'), 'startup-error'],
    [new Error('could not allocate memory for the sandbox'), 'out-of-memory'],
  ] as const)('reports a failed connection %j as %s and rethrows it', async (error, variant) => {
    runnerMock.createRunnerSandbox.mockRejectedValueOnce(error);
    const reports: FatalSandboxError[] = [];

    await expect(
      createSandbox({ kind: 'runner', url: 'ws://x', sandboxId: 'abcd1234', token: 't' }, { onFatalError: (r) => reports.push(r) }),
    ).rejects.toBe(error);

    expect(reports).toMatchObject([{ variant, sandboxKind: 'runner', phase: 'boot', message: error.message, error }]);
  });

  it('reports a runner that never answers as a startup timeout', async () => {
    runnerMock.createRunnerSandbox.mockReturnValueOnce(new Promise(() => undefined));
    const onFatalError = vi.fn();

    await expect(
      createSandbox({ kind: 'runner', url: 'ws://x', sandboxId: 'abcd1234', token: 't' }, { onFatalError, bootTimeoutMs: 5 }),
    ).rejects.toThrow(RUNNER_BOOT_TIMEOUT_MESSAGE);
    expect(onFatalError).toHaveBeenCalledWith(expect.objectContaining({ variant: 'startup-timeout', sandboxKind: 'runner' }));
  });
});

describe('createSandbox with WebContainer', () => {
  it('boots the WebContainer client', async () => {
    const fake = createFakeApi();
    const sandbox = await createSandbox(
      { kind: 'webcontainer', workdirName: 'project', coep: 'require-corp' },
      { webcontainerApi: fake.api },
    );
    live.push(sandbox);

    expect(sandbox.kind).toBe('webcontainer');
    expect(fake.boots).toEqual([{ workdirName: 'project', coep: 'require-corp', forwardPreviewErrors: true }]);
  });

  it.each([
    ['RangeError: WebAssembly.Memory(): could not allocate memory', 'out-of-memory'],
    ['RuntimeError: unreachable', 'out-of-memory'],
    ['Failed to load the WebContainer runtime', 'startup-error'],
  ] as const)('turns the boot failure %j into the %s dialog', async (message, variant) => {
    const failing = createFakeApi(() => Promise.reject(new Error(message)));
    const storage = session();

    await expect(
      createSandbox(
        { kind: 'webcontainer', workdirName: 'project', coep: 'credentialless' },
        { webcontainerApi: failing.api, onFatalError: (report) => showFatalErrorDialog(report, storage) },
      ),
    ).rejects.toThrow(message);

    expect($currentDialog.get()).toMatchObject({ type: 'fatal-error', variant, sandboxKind: 'webcontainer', message });
  });

  it('turns a 30 s boot into the startup-timeout dialog', async () => {
    vi.useFakeTimers();
    const never = createFakeApi(() => new Promise(() => undefined));
    const storage = session();
    const booting = createSandbox(
      { kind: 'webcontainer', workdirName: 'project', coep: 'credentialless' },
      { webcontainerApi: never.api, onFatalError: (report) => showFatalErrorDialog(report, storage) },
    ).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(30_000);
    const error = await booting;
    vi.useRealTimers();

    expect((error as Error).message).toBe('WebContainer took longer than 30s to boot');
    expect($currentDialog.get()).toMatchObject({ type: 'fatal-error', variant: 'startup-timeout' });
  });

  it('reports out-of-memory at runtime as fatal and only tracks other runtime errors', async () => {
    const container = new FakeContainer('/home/project');
    const fake = createFakeApi(async () => container);
    const onFatalError = vi.fn();
    const onTrackedError = vi.fn();
    live.push(
      await createSandbox(
        { kind: 'webcontainer', workdirName: 'project', coep: 'credentialless' },
        { webcontainerApi: fake.api, onFatalError, onTrackedError },
      ),
    );

    container.emit('error', { message: 'Process crashed: unreachable' });
    container.emit('error', { message: 'Out of memory' });

    expect(onTrackedError).toHaveBeenCalledExactlyOnceWith({ message: 'Process crashed: unreachable' });
    expect(onFatalError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ variant: 'out-of-memory', phase: 'runtime', sandboxKind: 'webcontainer' }),
    );
  });
});

describe('fatalErrorAnalyticsEvent', () => {
  it('names the event after the variant and carries message, stack and memory figures', () => {
    const error = new Error('Out of memory');
    const event = fatalErrorAnalyticsEvent({
      variant: 'out-of-memory',
      sandboxKind: 'webcontainer',
      phase: 'runtime',
      message: error.message,
      stack: error.stack,
      error,
    });

    expect(event).toEqual({
      name: 'sandbox-out-of-memory',
      properties: {
        sandboxKind: 'webcontainer',
        phase: 'runtime',
        message: 'Out of memory',
        stack: error.stack,
        // Node has no performance.memory; Chrome does.
        memory: undefined,
      },
    });
  });
});

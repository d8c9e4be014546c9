import { describe, expect, it, vi } from 'vitest';
import {
  BOOT_TIMEOUT_MESSAGE,
  classifyBootError,
  isFatalErrorKind,
  SandboxBootTimeoutError,
  withBootTimeout,
} from './boot-errors';

describe('classifyBootError', () => {
  it.each([
    [new Error('WebContainer took longer than 30s to boot'), 'boot', 'startup-timeout'],
    [new SandboxBootTimeoutError('The runner did not answer within 30 s'), 'boot', 'startup-timeout'],
    [new Error('RangeError: WebAssembly.Memory(): could not allocate memory'), 'boot', 'out-of-memory'],
    ['Out Of Memory', 'boot', 'out-of-memory'],
    [new Error('RuntimeError: unreachable'), 'boot', 'out-of-memory'],
    [new Error('Failed to fetch'), 'boot', 'startup-error'],
    [{ weird: true }, 'boot', 'startup-error'],
    [new Error('out of memory'), 'runtime', 'out-of-memory'],
    [{ message: 'Could not allocate memory for the heap' }, 'runtime', 'out-of-memory'],
    [new Error('RuntimeError: unreachable'), 'runtime', 'runtime'],
    [new Error('WebContainer took longer than 30s to boot'), 'runtime', 'runtime'],
    [{ message: 'process crashed' }, 'runtime', 'runtime'],
  ] as const)('%j during %s → %s', (error, phase, kind) => {
    expect(classifyBootError(error, phase)).toBe(kind);
  });

  it.each([
    ['out-of-memory', true],
    ['startup-timeout', true],
    ['startup-error', true],
    ['runtime', false],
  ] as const)('%s is fatal: %s', (kind, fatal) => expect(isFatalErrorKind(kind)).toBe(fatal));
});

describe('withBootTimeout', () => {
  it('resolves with the value when it arrives in time', async () => {
    await expect(withBootTimeout(Promise.resolve('ready'), 1000, BOOT_TIMEOUT_MESSAGE)).resolves.toBe('ready');
  });

  it('passes a boot failure through', async () => {
    await expect(withBootTimeout(Promise.reject(new Error('nope')), 1000, BOOT_TIMEOUT_MESSAGE)).rejects.toThrow('nope');
  });

  it('rejects with a SandboxBootTimeoutError and hands a late value to onLate', async () => {
    vi.useFakeTimers();
    let finish!: (value: string) => void;
    const onLate = vi.fn();
    const guarded = withBootTimeout(new Promise<string>((resolve) => (finish = resolve)), 1000, 'too slow', onLate);
    const settled = guarded.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(1000);
    const error = await settled;
    finish('late');
    await vi.advanceTimersByTimeAsync(0);
    vi.useRealTimers();

    expect(error).toBeInstanceOf(SandboxBootTimeoutError);
    expect((error as Error).message).toBe('too slow');
    expect(onLate).toHaveBeenCalledWith('late');
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { CommandRequest, CommandStart, ShellSession } from '~/lib/runtime/shell-session';
import type { DevServerState } from '~/lib/stores/previews';
import { OUTPUT_QUIET_MS, RELOAD_WINDOW_MS, reloadWhenOutputSettles, reportStartCommand, withDevServerReporting } from './dev-server-state';

function deferredExit() {
  let settle!: { resolve: (code: number) => void; reject: (error: Error) => void };
  const exit = new Promise<number>((resolve, reject) => (settle = { resolve, reject }));
  return { start: { kind: 'started', exit } as CommandStart, settle };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dev server state of a start command', () => {
  it.each([
    [1, { status: 'crashed', exitCode: 1, command: 'npm run dev' }],
    [0, { status: 'idle' }],
    [130, { status: 'idle' }],
  ])('exit %i → %j', async (code, expected) => {
    const states: DevServerState[] = [];
    const { start, settle } = deferredExit();
    reportStartCommand(start, 'npm run dev', (state) => states.push(state));
    expect(states).toEqual([{ status: 'starting', command: 'npm run dev' }]);
    settle.resolve(code);
    await flush();
    expect(states.at(-1)).toEqual(expected);
  });

  it('reports nothing for a skipped command, and idle when the shell went away', async () => {
    const states: DevServerState[] = [];
    reportStartCommand({ kind: 'skipped', reason: 'already running' }, 'x', (state) => states.push(state));
    expect(states).toEqual([]);
    const { start, settle } = deferredExit();
    reportStartCommand(start, 'x', (state) => states.push(state));
    settle.reject(new Error('closed'));
    await flush();
    expect(states.at(-1)).toEqual({ status: 'idle' });
  });

  it('reports start commands run through the wrapped shell, and passes other commands through untouched', async () => {
    const requests: CommandRequest[] = [];
    const shell = {
      execute: async (request: CommandRequest): Promise<CommandStart> => {
        requests.push(request);
        return { kind: 'started', exit: new Promise(() => undefined) };
      },
      label: 'real',
    };
    const states: DevServerState[] = [];
    const wrapped = withDevServerReporting(shell as unknown as ShellSession, (state) => states.push(state), () => undefined);
    await wrapped.execute({ messageId: 'm', command: 'ls' });
    expect(states).toEqual([]);
    expect(requests[0]).toEqual({ messageId: 'm', command: 'ls' });
    await wrapped.execute({ messageId: 'm', command: 'node server.js', isStart: true });
    expect(states).toEqual([{ status: 'starting', command: 'node server.js' }]);
    expect(typeof requests[1].onOutput).toBe('function');
    expect((wrapped as unknown as { label: string }).label).toBe('real');
  });
});

describe('preview reload after a restart', () => {
  it('reloads once the output pauses, and stops watching after the window', () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      const onOutput = reloadWhenOutputSettles(reload);
      onOutput('starting…');
      vi.advanceTimersByTime(OUTPUT_QUIET_MS - 1);
      onOutput('listening on 3000');
      vi.advanceTimersByTime(OUTPUT_QUIET_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(RELOAD_WINDOW_MS);
      onOutput('a request came in');
      vi.advanceTimersByTime(OUTPUT_QUIET_MS);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

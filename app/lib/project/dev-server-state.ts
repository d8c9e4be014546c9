/**
 * Keeps the preview pane's dev-server state in step with start commands: 'starting' when one begins,
 * 'crashed' when it ends with a failure, 'idle' when it ends otherwise (stopped, or finished cleanly).
 */
import type { CommandRequest, CommandStart, ShellSession } from '~/lib/runtime/shell-session';
import type { DevServerState } from '~/lib/stores/previews';

/** Ctrl-C: the server was stopped on purpose (a restart, a newer message), not a crash. */
const INTERRUPTED_CODES = new Set([130, 143]);

export type DevServerSink = (state: DevServerState) => void;

/** How long output must pause before the preview reloads, and for how long after a start we watch. */
export const OUTPUT_QUIET_MS = 300;
export const RELOAD_WINDOW_MS = 20_000;

/**
 * An `onOutput` for a start command that reloads the preview once the new server's output settles.
 * Why: a server restarted on the same port within one port poll never looks closed, so the preview
 * would keep showing the old server's page.
 */
export function reloadWhenOutputSettles(
  reload: () => void,
  timers: { now: () => number; setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void } = {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): (text: string) => void {
  const startedAt = timers.now();
  let pending: unknown;
  return () => {
    if (timers.now() - startedAt > RELOAD_WINDOW_MS) return;
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = undefined;
      reload();
    }, OUTPUT_QUIET_MS);
  };
}

/** Chains two output handlers. */
function bothOutputs(first: ((text: string) => void) | undefined, second: (text: string) => void): (text: string) => void {
  return (text) => {
    first?.(text);
    second(text);
  };
}

/** Reports one started start command to the sink, now and when it ends. Returns the same start. */
export function reportStartCommand(started: CommandStart, command: string, sink: DevServerSink): CommandStart {
  if (started.kind !== 'started') {
    return started;
  }
  sink({ status: 'starting', command });
  started.exit.then(
    (code) => sink(code === 0 || INTERRUPTED_CODES.has(code) ? { status: 'idle' } : { status: 'crashed', exitCode: code, command }),
    () => sink({ status: 'idle' }),
  );
  return started;
}

/**
 * The shell as the message runtime sees it, with start commands reported. A proxy rather than a
 * subclass: the session's private fields need the real object as `this`.
 */
export function withDevServerReporting(shell: ShellSession, sink: DevServerSink, reloadPreview: () => void): ShellSession {
  const execute = async (request: CommandRequest): Promise<CommandStart> => {
    if (!request.isStart) {
      return shell.execute(request);
    }
    const started = await shell.execute({ ...request, onOutput: bothOutputs(request.onOutput, reloadWhenOutputSettles(reloadPreview)) });
    return reportStartCommand(started, request.command, sink);
  };
  return new Proxy(shell, {
    get(target, property) {
      if (property === 'execute') {
        return execute;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Keeps the preview pane's dev-server state in step with start commands: 'starting' when one begins,
 * 'crashed' when it ends with a failure, 'idle' when it ends otherwise (stopped, or finished cleanly).
 */
import type { CommandRequest, CommandStart, ShellSession } from '~/lib/runtime/shell-session';
import type { DevServerState } from '~/lib/stores/previews';

/** Ctrl-C: the server was stopped on purpose (a restart, a newer message), not a crash. */
const INTERRUPTED_CODES = new Set([130, 143]);

export type DevServerSink = (state: DevServerState) => void;

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
export function withDevServerReporting(shell: ShellSession, sink: DevServerSink): ShellSession {
  const execute = async (request: CommandRequest): Promise<CommandStart> => {
    const started = await shell.execute(request);
    return request.isStart ? reportStartCommand(started, request.command, sink) : started;
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

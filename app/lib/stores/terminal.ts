/**
 * The output sink of the Kiln shell. Output is kept (capped) so a terminal attached late, or
 * re-attached after the panel was closed, shows everything; user input goes to the shell's input
 * writer that the orchestrator provides.
 */
import { atom, type ReadableAtom } from 'nanostores';

/** What the sink needs from an xterm instance. */
export interface TerminalLike {
  write(data: string): void;
}

export type ShellInputWriter = (data: string) => void;
export type ShellResizer = (dimensions: { cols: number; rows: number }) => void;

export const TERMINAL_BUFFER_LIMIT = 1_000_000;
const RECENT_LINES = 12;

export interface TerminalSink {
  /** The last lines of output without escape codes, for the preview's waiting/crashed states. */
  readonly $recentLines: ReadableAtom<readonly string[]>;
  write(data: string): void;
  /** Replays the buffered output into `terminal`, then streams to it. Returns detach. */
  attach(terminal: TerminalLike): () => void;
  /** Input typed by the user (xterm onData). Dropped while no shell is connected. */
  input(data: string): void;
  resize(dimensions: { cols: number; rows: number }): void;
  setShellInput(writer: ShellInputWriter | undefined): void;
  setShellResize(resizer: ShellResizer | undefined): void;
  clear(): void;
}

/** Strips CSI/OSC escape sequences and carriage-return overwrites so text reads as a person sees it. */
export function stripAnsi(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex -- escape sequences are control characters by definition
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, '')
    // eslint-disable-next-line no-control-regex -- as above
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '')
    // eslint-disable-next-line no-control-regex -- as above
    .replace(/\u001b[@-Z\\-_]/g, '');
}

function lastLines(text: string, count: number): string[] {
  return stripAnsi(text)
    .split('\n')
    .map((line) => line.split('\r').filter(Boolean).pop() ?? '')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(-count);
}

/** Recent lines are recomputed at most this often, so heavy output does not re-render the preview per chunk. */
export const RECENT_LINES_INTERVAL_MS = 100;

export function createTerminalSink({ bufferLimit = TERMINAL_BUFFER_LIMIT } = {}): TerminalSink {
  const $recentLines = atom<readonly string[]>([]);
  let buffer = '';
  let recentTimer: ReturnType<typeof setTimeout> | undefined;
  let recentStale = false;
  // Leading and trailing throttle: the first write shows at once, bursts settle once per interval.
  const updateRecentLines = () => {
    if (recentTimer !== undefined) {
      recentStale = true;
      return;
    }
    $recentLines.set(lastLines(buffer.slice(-8192), RECENT_LINES));
    recentTimer = setTimeout(() => {
      recentTimer = undefined;
      if (recentStale) {
        recentStale = false;
        updateRecentLines();
      }
    }, RECENT_LINES_INTERVAL_MS);
  };
  const attached = new Set<TerminalLike>();
  let shellInput: ShellInputWriter | undefined;
  let shellResize: ShellResizer | undefined;

  return {
    $recentLines,
    write(data) {
      if (data === '') return;
      buffer += data;
      if (buffer.length > bufferLimit) {
        // Cut at a line start so the replay does not begin mid-escape-sequence.
        const cut = buffer.indexOf('\n', buffer.length - bufferLimit);
        buffer = buffer.slice(cut === -1 ? buffer.length - bufferLimit : cut + 1);
      }
      for (const terminal of attached) terminal.write(data);
      updateRecentLines();
    },
    attach(terminal) {
      if (buffer) terminal.write(buffer);
      attached.add(terminal);
      return () => {
        attached.delete(terminal);
      };
    },
    input(data) {
      shellInput?.(data);
    },
    resize(dimensions) {
      shellResize?.(dimensions);
    },
    setShellInput(writer) {
      shellInput = writer;
    },
    setShellResize(resizer) {
      shellResize = resizer;
    },
    clear() {
      buffer = '';
      if (recentTimer !== undefined) clearTimeout(recentTimer);
      recentTimer = undefined;
      recentStale = false;
      $recentLines.set([]);
    },
  };
}

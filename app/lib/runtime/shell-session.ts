/**
 * The workbench's one interactive shell (sandbox.spawnShell()), shared by the action runners of all
 * messages and by the terminal the person types into. Completion and exit codes come from the OSC 654
 * markers. Terminal rules (spec §4 "Terminal"):
 * - a command from a different message kills the running one, skips waiting commands of other
 *   messages and remembers those messages so their later commands are skipped too;
 * - a running start command is not killed for the same start command or an auto-created start;
 * - kill = interrupt (Ctrl-C); without a prompt within the grace period (200 ms) the shell is
 *   restarted and the command reported as exit 130;
 * - while a (non-start) command runs, the person's terminal input is ignored.
 */
import { joinCommandLines } from './command-line';
import { createOscMarkerScanner, type OscMarkerScanner } from './osc-markers';
import type { Sandbox, SandboxProcess, SpawnOptions } from '../sandbox/types';

export const KILL_GRACE_MS = 200;
export const INTERRUPTED_EXIT_CODE = 130;
const REPLAY_LIMIT = 64 * 1024;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TerminalSink {
  write(data: string): void;
}

export interface ShellSessionOptions {
  sandbox: Sandbox;
  killGraceMs?: number;
  timers?: Timers;
  terminal?: SpawnOptions['terminal'];
}

export interface CommandRequest {
  /** Who asked (an action id), so that only its own command is interrupted. */
  ownerId?: string;
  messageId: string;
  command: string;
  isStart?: boolean;
  autoCreated?: boolean;
  /** Output of this command, OSC markers removed. */
  onOutput?: (text: string) => void;
}

/** `exit` resolves with the exit code, or rejects when the shell went away before it ended. */
export type CommandStart = { kind: 'started'; exit: Promise<number> } | { kind: 'skipped'; reason: string };

interface RunningCommand extends CommandRequest {
  resolve(code: number): void;
  reject(error: Error): void;
}

interface Waiter {
  messageId: string;
  skippedReason?: string;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export class ShellSession {
  readonly #sandbox: Sandbox;
  readonly #killGraceMs: number;
  readonly #timers: Timers;
  readonly #terminalSize: SpawnOptions['terminal'];
  #process: SandboxProcess | null = null;
  #writer: WritableStreamDefaultWriter<string> | null = null;
  #starting: Promise<void> | null = null;
  #scanner: OscMarkerScanner = createOscMarkerScanner();
  #ready = false;
  #readyListeners: Array<() => void> = [];
  #current: RunningCommand | null = null;
  #lock: Promise<unknown> = Promise.resolve();
  #waiting = new Set<Waiter>();
  #oldMessageIds = new Set<string>();
  #sinks = new Set<TerminalSink>();
  #replay = '';
  #disposed = false;

  constructor(options: ShellSessionOptions) {
    this.#sandbox = options.sandbox;
    this.#killGraceMs = options.killGraceMs ?? KILL_GRACE_MS;
    this.#timers = options.timers ?? defaultTimers;
    this.#terminalSize = options.terminal;
  }

  /**
   * Show the shell in a terminal (recent output is replayed) and start the shell if it is not running,
   * so the person sees a prompt. Returns a detach function.
   */
  attachTerminal(sink: TerminalSink): () => void {
    if (this.#replay) {
      sink.write(this.#replay);
    }
    this.#sinks.add(sink);
    if (!this.#disposed) {
      this.#ensureShell().catch(() => undefined); // a failed start surfaces on the next command
    }
    return () => this.#sinks.delete(sink);
  }

  /** Keystrokes from the terminal. Ignored while an action's command (other than a start) runs. */
  writeInput(data: string): void {
    if (this.#current && !this.#current.isStart) {
      return;
    }
    if (!this.#writer) {
      if (!this.#disposed) {
        this.#ensureShell().then(
          () => this.writeInput(data),
          () => undefined,
        );
      }
      return;
    }
    if (!this.#current && /[\r\n]/.test(data)) {
      this.#ready = false; // the person ran something; wait for its prompt before our next command
    }
    void this.#writer?.write(data);
  }

  resize(dimensions: { cols: number; rows: number }): void {
    this.#process?.resize(dimensions);
  }

  /** The running command, if any (for tests and the UI). */
  get runningCommand(): Readonly<CommandRequest> | null {
    return this.#current;
  }

  /** Start the shell now (otherwise it starts with the first command). */
  async start(): Promise<void> {
    await this.#ensureShell();
  }

  /** Resolves once the command was sent (or skipped); see CommandStart. */
  execute(request: CommandRequest): Promise<CommandStart> {
    if (this.#oldMessageIds.has(request.messageId)) {
      return Promise.resolve({ kind: 'skipped', reason: 'A newer message took over the terminal' });
    }
    for (const waiter of this.#waiting) {
      if (waiter.messageId !== request.messageId && !waiter.skippedReason) {
        waiter.skippedReason = 'A newer message took over the terminal';
        this.#oldMessageIds.add(waiter.messageId);
      }
    }
    const waiter: Waiter = { messageId: request.messageId };
    this.#waiting.add(waiter);
    const result = this.#lock.then(() => {
      this.#waiting.delete(waiter);
      return waiter.skippedReason ? { kind: 'skipped' as const, reason: waiter.skippedReason } : this.#run(request);
    });
    this.#lock = result.catch(() => undefined);
    return result;
  }

  async #run(request: CommandRequest): Promise<CommandStart> {
    if (this.#disposed) {
      throw new Error('The terminal was closed');
    }
    if (this.#oldMessageIds.has(request.messageId)) {
      return { kind: 'skipped', reason: 'A newer message took over the terminal' };
    }
    const running = this.#current;
    if (running) {
      if (request.isStart && running.isStart && (running.command === request.command || request.autoCreated)) {
        return { kind: 'skipped', reason: 'The start command is already running' };
      }
      if (running.messageId !== request.messageId) {
        this.#oldMessageIds.add(running.messageId);
      }
      await this.interrupt();
    }
    await this.#ensureShell();
    if (!this.#ready) {
      // Something the person typed is still running.
      await this.#interruptForeground();
      await this.#ensureShell();
    }
    return this.#send(request);
  }

  #send(request: CommandRequest): CommandStart {
    const exit = new Promise<number>((resolve, reject) => {
      this.#current = { ...request, resolve, reject };
    });
    this.#ready = false;
    void this.#writer?.write(`${joinCommandLines(request.command)}\n`);
    return { kind: 'started', exit };
  }

  /** Kill the running command: Ctrl-C, then a shell restart if no prompt comes back in time. */
  async interrupt(): Promise<void> {
    if (!this.#current) {
      return;
    }
    await this.#interruptForeground();
  }

  /** Kill the running command only if `ownerId` started it. */
  async interruptOwner(ownerId: string): Promise<void> {
    if (this.#current?.ownerId === ownerId) {
      await this.#interruptForeground();
    }
  }

  async #interruptForeground(): Promise<void> {
    const writer = this.#writer;
    if (!writer) {
      return;
    }
    const prompted = this.#waitForPrompt(this.#killGraceMs);
    void writer.write('\x03');
    if (!(await prompted)) {
      this.#dropShell(INTERRUPTED_EXIT_CODE);
      await this.#ensureShell();
    }
  }

  #waitForPrompt(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const listener = () => {
        if (!this.#current) {
          this.#timers.clearTimeout(timer);
          resolve(true);
        } else {
          this.#readyListeners.push(listener);
        }
      };
      const timer = this.#timers.setTimeout(() => {
        this.#readyListeners = this.#readyListeners.filter((candidate) => candidate !== listener);
        resolve(false);
      }, timeoutMs);
      this.#readyListeners.push(listener);
    });
  }

  /** The shell's start, shared by every caller until the shell is dropped; a failed start is retried. */
  #ensureShell(): Promise<void> {
    if (this.#starting) {
      return this.#starting;
    }
    if (this.#disposed) {
      return Promise.reject(new Error('The terminal was closed'));
    }
    const starting: Promise<void> = this.#spawn().catch((error: unknown) => {
      if (this.#starting === starting) {
        this.#starting = null;
      }
      throw error;
    });
    this.#starting = starting;
    return starting;
  }

  async #spawn(): Promise<void> {
    this.#ready = false;
    this.#scanner = createOscMarkerScanner();
    const process = await this.#sandbox.spawnShell(this.#terminalSize ? { terminal: this.#terminalSize } : undefined);
    this.#process = process;
    this.#writer = process.input.getWriter();
    const firstPrompt = new Promise<void>((resolve) => this.#readyListeners.push(resolve));
    void this.#readOutput(process);
    const exited = process.exit.then(() => {
      if (this.#process === process) {
        this.#dropShell(null);
      }
      throw new Error('The terminal exited before it was ready');
    });
    await Promise.race([firstPrompt, exited]);
    exited.catch(() => undefined);
  }

  async #readOutput(process: SandboxProcess): Promise<void> {
    const reader = process.output.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || this.#process !== process) {
          break;
        }
        this.#handleOutput(value);
      }
    } catch {
      // The stream broke: the exit handler above tears the shell down.
    } finally {
      reader.releaseLock();
    }
  }

  #handleOutput(chunk: string): void {
    this.#replay = (this.#replay + chunk).slice(-REPLAY_LIMIT);
    for (const sink of this.#sinks) {
      sink.write(chunk);
    }
    for (const piece of this.#scanner.push(chunk)) {
      if (piece.type === 'text') {
        this.#current?.onOutput?.(piece.text);
      } else if (piece.type === 'exit') {
        const finished = this.#current;
        this.#current = null;
        finished?.resolve(piece.code);
      } else {
        this.#ready = true;
        const listeners = this.#readyListeners;
        this.#readyListeners = [];
        for (const listener of listeners) {
          listener();
        }
      }
    }
  }

  /** Forget the shell process. The running command ends with `exitCode`, or rejects when null. */
  #dropShell(exitCode: number | null): void {
    const process = this.#process;
    this.#process = null;
    this.#writer = null;
    this.#starting = null;
    this.#ready = false;
    process?.kill();
    const finished = this.#current;
    this.#current = null;
    if (finished) {
      if (exitCode === null) {
        finished.reject(new Error('The terminal closed before the command ended'));
      } else {
        finished.resolve(exitCode);
      }
    }
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#dropShell(null);
    this.#sinks.clear();
  }
}

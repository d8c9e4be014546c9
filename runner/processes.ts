import { spawn as spawnPty, type IPty } from '@lydell/node-pty';
import { constants } from 'node:os';
import { RunnerError } from './paths';
import { signalTree } from './procfs';

/** A fully prepared command line: what to exec on the host (bwrap/nsenter included). */
export interface Launch {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export interface ProcessListener {
  output(pid: number, data: string): void;
  exit(pid: number, exitCode: number): void;
}

interface Running {
  pty: IPty;
  exited: Promise<void>;
  /** Signal number asked for by proc.kill; reported even when the grace-period SIGKILL finished the job. */
  requestedSignal?: number;
  escalation?: NodeJS.Timeout;
}

/** After proc.kill, whatever still runs this long later (it ignored the signal) gets SIGKILL. */
export const KILL_GRACE_MS = 1_500;

async function signalGroupAndTree(pid: number, signal: NodeJS.Signals): Promise<void> {
  try {
    process.kill(-pid, signal);
  } catch {
    // Group already gone.
  }
  await signalTree([pid], signal);
}

/** Conventional shell exit status: the code, or 128 + signal number when killed (SIGINT → 130). */
export function exitStatus(exitCode: number, signal: number | undefined): number {
  return signal ? 128 + signal : exitCode;
}

/** The live pty processes of one sandbox, keyed by host pid. */
export class ProcessTable {
  private readonly running = new Map<number, Running>();

  constructor(private readonly maxProcesses: number, private readonly listener: ProcessListener) {}

  pids(): number[] {
    return [...this.running.keys()];
  }

  get count(): number {
    return this.running.size;
  }

  spawn(launch: Launch, size: { cols: number; rows: number }): number {
    if (this.running.size >= this.maxProcesses) {
      throw new RunnerError('LIMIT', `Too many processes in this sandbox (limit ${this.maxProcesses})`);
    }
    const pty = spawnPty(launch.file, launch.args, {
      name: 'xterm-256color',
      cols: size.cols,
      rows: size.rows,
      cwd: launch.cwd,
      env: launch.env,
    });
    const pid = pty.pid;
    pty.onData((data) => this.listener.output(pid, data));
    let resolveExited: () => void = () => undefined;
    const entry: Running = { pty, exited: new Promise<void>((resolve) => (resolveExited = resolve)) };
    pty.onExit(({ exitCode, signal }) => {
      clearTimeout(entry.escalation);
      this.running.delete(pid);
      const forced = signal === constants.signals.SIGKILL && entry.requestedSignal !== undefined;
      this.listener.exit(pid, forced ? 128 + (entry.requestedSignal ?? 0) : exitStatus(exitCode, signal));
      resolveExited();
    });
    this.running.set(pid, entry);
    return pid;
  }

  private get(pid: number): Running {
    const entry = this.running.get(pid);
    if (!entry) {
      throw new RunnerError('ESRCH', `No running process ${pid}`);
    }
    return entry;
  }

  input(pid: number, data: string): void {
    this.get(pid).pty.write(data);
  }

  resize(pid: number, cols: number, rows: number): void {
    this.get(pid).pty.resize(cols, rows);
  }

  /**
   * Signal the whole tree: the pty's process group and every descendant (jobs get their own groups).
   * A tree that survives the grace period is SIGKILLed, and the exit code still says which signal was
   * asked for (SIGINT → 130), because that is what the caller meant.
   */
  async kill(pid: number, signal: NodeJS.Signals): Promise<void> {
    const entry = this.get(pid);
    await signalGroupAndTree(pid, signal);
    if (signal !== 'SIGKILL' && !entry.escalation) {
      entry.requestedSignal = constants.signals[signal];
      entry.escalation = setTimeout(() => void signalGroupAndTree(pid, 'SIGKILL'), KILL_GRACE_MS);
      entry.escalation.unref();
    }
  }

  /** SIGKILL every process tree and wait until each pty reported its exit. */
  async killAll(): Promise<void> {
    const entries = [...this.running.entries()];
    await signalTree(
      entries.map(([pid]) => pid),
      'SIGKILL'
    );
    for (const [pid, { pty }] of entries) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        pty.kill('SIGKILL');
      }
    }
    await Promise.all(entries.map(([, entry]) => entry.exited));
  }
}

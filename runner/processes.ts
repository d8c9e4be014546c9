import { spawn as spawnPty, type IPty } from '@lydell/node-pty';
import { closeSync, constants as fsConstants, openSync } from 'node:fs';
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
  /** Our own handle on the pty's slave side, see holdSlave. */
  slaveFd: number | null;
}

const EXIT_POLL_MS = 20;

/**
 * Linux can hang up the pty master before the last bytes a quick process wrote reach it, losing the end
 * of its output (about 1 run in 300). Holding the slave side open ourselves prevents the hang-up; we
 * let go once the process is gone, and the master then drains everything before it closes.
 */
function holdSlave(pty: IPty): number | null {
  // node-pty keeps the slave's path (/dev/pts/N) in a private field; without it we lose only this safeguard.
  const slavePath = (pty as unknown as { _pty?: unknown })._pty;
  if (typeof slavePath !== 'string') {
    return null;
  }
  try {
    return openSync(slavePath, fsConstants.O_RDWR | fsConstants.O_NOCTTY);
  } catch {
    return null;
  }
}

function releaseSlave(entry: Running): void {
  if (entry.slaveFd !== null) {
    closeSync(entry.slaveFd);
    entry.slaveFd = null;
  }
}

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
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
  private exitPoll: NodeJS.Timeout | null = null;

  /** Let go of the slave side of processes that have been reaped (see holdSlave). */
  private releaseExited(): void {
    for (const [pid, entry] of this.running) {
      if (entry.slaveFd !== null && isGone(pid)) {
        releaseSlave(entry);
      }
    }
    if (this.running.size === 0 && this.exitPoll) {
      clearInterval(this.exitPoll);
      this.exitPoll = null;
    }
  }

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
    const entry: Running = {
      pty,
      exited: new Promise<void>((resolve) => (resolveExited = resolve)),
      slaveFd: holdSlave(pty),
    };
    pty.onExit(({ exitCode, signal }) => {
      clearTimeout(entry.escalation);
      releaseSlave(entry);
      this.running.delete(pid);
      const forced = signal === constants.signals.SIGKILL && entry.requestedSignal !== undefined;
      this.listener.exit(pid, forced ? 128 + (entry.requestedSignal ?? 0) : exitStatus(exitCode, signal));
      resolveExited();
    });
    this.running.set(pid, entry);
    this.exitPoll ??= setInterval(() => this.releaseExited(), EXIT_POLL_MS);
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

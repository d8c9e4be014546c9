import { spawn as spawnPty, type IPty } from '@lydell/node-pty';
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
}

/** Conventional shell exit status: the code, or 128 + signal number when killed (SIGINT → 130). */
export function exitStatus(exitCode: number, signal: number | undefined): number {
  return signal ? 128 + signal : exitCode;
}

/** The live pty processes of one sandbox, keyed by host pid. */
export class ProcessTable {
  private readonly running = new Map<number, Running>();

  constructor(
    private readonly maxProcesses: number,
    private readonly listener: ProcessListener,
  ) {}

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
    const exited = new Promise<void>((resolve) => {
      pty.onExit(({ exitCode, signal }) => {
        this.running.delete(pid);
        this.listener.exit(pid, exitStatus(exitCode, signal));
        resolve();
      });
    });
    this.running.set(pid, { pty, exited });
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

  /** Signal the whole tree: the pty's process group and every descendant (jobs get their own groups). */
  async kill(pid: number, signal: NodeJS.Signals): Promise<void> {
    this.get(pid);
    try {
      process.kill(-pid, signal);
    } catch {
      // Group already gone.
    }
    await signalTree([pid], signal);
  }

  /** SIGKILL every process tree and wait until each pty reported its exit. */
  async killAll(): Promise<void> {
    const entries = [...this.running.entries()];
    await signalTree(
      entries.map(([pid]) => pid),
      'SIGKILL',
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

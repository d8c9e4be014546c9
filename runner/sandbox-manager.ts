import type { WebSocket } from 'ws';
import { RunnerError } from './paths';
import { RunnerSandbox, type SandboxContext } from './sandbox';

interface Entry {
  sandbox: RunnerSandbox;
  sockets: Set<WebSocket>;
  idleTimer: NodeJS.Timeout | null;
}

/** Live sandboxes by id: creation (bounded), connection bookkeeping, idle reaping and teardown. */
export class SandboxManager {
  private readonly entries = new Map<string, Promise<Entry>>();

  constructor(
    private readonly context: SandboxContext,
    private readonly limits: { maxSandboxes: number; idleMs: number }
  ) {}

  /** The sandbox if it is live; never creates one (preview proxy). */
  async find(id: string): Promise<RunnerSandbox | null> {
    const entry = await this.entries.get(id)?.catch(() => null);
    return entry?.sandbox ?? null;
  }

  /** Attach a socket, creating the sandbox on first connect. Throws RunnerError LIMIT when full. */
  async attach(id: string, socket: WebSocket): Promise<RunnerSandbox> {
    let pending = this.entries.get(id);
    if (!pending) {
      if (this.entries.size >= this.limits.maxSandboxes) {
        throw new RunnerError('LIMIT', `Too many sandboxes on this runner (limit ${this.limits.maxSandboxes})`);
      }
      pending = RunnerSandbox.create(id, this.context).then((sandbox) => ({
        sandbox,
        sockets: new Set<WebSocket>(),
        idleTimer: null,
      }));
      this.entries.set(id, pending);
      pending.catch(() => this.entries.delete(id));
    }
    const entry = await pending;
    if (entry.idleTimer) {
      clearTimeout(entry.idleTimer);
      entry.idleTimer = null;
    }
    entry.sockets.add(socket);
    return entry.sandbox;
  }

  detach(id: string, socket: WebSocket): void {
    void this.entries.get(id)?.then((entry) => {
      entry.sockets.delete(socket);
      if (entry.sockets.size === 0 && !entry.idleTimer) {
        entry.idleTimer = setTimeout(() => void this.teardown(id), this.limits.idleMs);
        entry.idleTimer.unref();
      }
    });
  }

  /** Kill everything of the sandbox and forget it; its sockets are closed after `beforeClose`. */
  async teardown(id: string, beforeClose?: () => void): Promise<void> {
    const pending = this.entries.get(id);
    if (!pending) {
      return;
    }
    this.entries.delete(id);
    const entry = await pending;
    if (entry.idleTimer) {
      clearTimeout(entry.idleTimer);
    }
    await entry.sandbox.teardown();
    beforeClose?.();
    for (const socket of entry.sockets) {
      socket.close(1000, 'sandbox torn down');
    }
  }

  async teardownAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.teardown(id)));
  }
}

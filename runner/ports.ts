import type net from 'node:net';

/** Port discovery latency is part of "preview ready": reading /proc for one sandbox costs well under 1 ms. */
export const PORT_POLL_MS = 200;
const PROBE_TIMEOUT_MS = 2_000;

/** True when something on the other end of `socket` answers an HTTP request. */
export function probeHttp(socket: net.Socket, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let received = '';
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), PROBE_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.length >= 5) {
        finish(received.startsWith('HTTP/'));
      }
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    socket.write(`HEAD / HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
  });
}

export interface PortListener {
  open(port: number): void;
  close(port: number): void;
  ready(port: number): void;
}

/**
 * Polls the listening ports of one sandbox. A port is announced `open` as soon as it listens, and
 * `ready` once an HTTP request to it succeeds (retried every poll while it stays open).
 */
export class PortScanner {
  private readonly open = new Map<number, { ready: boolean; probing: boolean }>();
  private timer: NodeJS.Timeout | null = null;
  private scanning = false;

  constructor(
    private readonly listPorts: () => Promise<number[]>,
    private readonly connect: (port: number) => net.Socket,
    private readonly listener: PortListener
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.scan(), PORT_POLL_MS);
  }

  stop(): void {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  has(port: number): boolean {
    return this.open.has(port);
  }

  ports(): number[] {
    return [...this.open.keys()];
  }

  private async scan(): Promise<void> {
    if (this.scanning) {
      return;
    }
    this.scanning = true;
    try {
      const now = new Set(await this.listPorts());
      for (const port of [...this.open.keys()]) {
        if (!now.has(port)) {
          this.open.delete(port);
          this.listener.close(port);
        }
      }
      for (const port of now) {
        let state = this.open.get(port);
        if (!state) {
          state = { ready: false, probing: false };
          this.open.set(port, state);
          this.listener.open(port);
        }
        if (!state.ready && !state.probing) {
          this.probe(port, state);
        }
      }
    } finally {
      this.scanning = false;
    }
  }

  private probe(port: number, state: { ready: boolean; probing: boolean }): void {
    state.probing = true;
    void probeHttp(this.connect(port), port).then((ok) => {
      state.probing = false;
      if (ok && this.open.get(port) === state && this.timer) {
        state.ready = true;
        this.listener.ready(port);
      }
    });
  }
}

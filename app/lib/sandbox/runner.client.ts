/**
 * The browser's Sandbox over Kiln's runner (runner/ on the server), speaking protocol/runner.ts over
 * one WebSocket. Browser-safe: no node modules; tests pass the `ws` WebSocket as WebSocketImpl.
 */
import type { FileEncoding, RunnerMessage, RunnerRequest, RunnerResults, WatchEvent } from '../../../protocol/runner';
import type {
  FileChange,
  MountFiles,
  Sandbox,
  SandboxDirEntry,
  SandboxEventMap,
  SandboxFileSystem,
  SandboxProcess,
  SpawnOptions,
} from './types';

/** The part of the WebSocket API we use; browsers' WebSocket and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface RunnerSandboxOptions {
  /** RUNNER_URL, e.g. ws://127.0.0.1:3001 */
  url: string;
  sandboxId: string;
  token: string;
  WebSocketImpl?: WebSocketConstructor;
  /** How long to wait for the runner's hello (ms). */
  connectTimeoutMs?: number;
  /**
   * Waits before each reconnection attempt after the connection drops (the runner keeps the sandbox and
   * its processes for RUNNER_IDLE_MS). Empty: never reconnect.
   */
  reconnectDelaysMs?: number[];
  /**
   * A fresh token for reconnections (tokens expire after 10 minutes). When it fails, the first token is
   * tried anyway, so the runner's refusal is what gets reported.
   */
  getToken?: () => Promise<string>;
}

interface SocketHandlers {
  message: (text: string) => void;
  close: (reason: string) => void;
}

const DEFAULT_RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000];

/** An error answered by the runner; `code` is ENOENT, EINVAL, EACCES, LIMIT, BAD_REQUEST... */
export class RunnerRequestError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'RunnerRequestError';
  }
}

const WORKDIR = 'project';

/** Client paths → runner paths: '/project/src/a.ts', 'project/src/a.ts', './src/a.ts' → 'src/a.ts'. */
export function normalizeSandboxPath(input: string): string {
  let path = input
    .replace(/\\/g, '/')
    .replace(/^\/home\/project(?=\/|$)/, '')
    .replace(/^\/+/, '');
  if (path === WORKDIR || path.startsWith(`${WORKDIR}/`)) {
    path = path.slice(WORKDIR.length + 1);
  }
  return path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

function toFileChange(event: WatchEvent): FileChange {
  if (event.type === 'add_file' || event.type === 'change') {
    const binary = event.encoding === 'base64';
    const content = binary ? base64ToBytes(event.data) : new TextEncoder().encode(event.data);
    return { type: event.type, path: event.path, content, binary };
  }
  return { type: event.type, path: event.path };
}

function messageText(data: unknown): string {
  if (typeof data === 'string') {
    return data;
  }
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return new TextDecoder().decode(data as ArrayBuffer);
  }
  return String(data);
}

type RequestOf<T extends RunnerRequest['type']> = Extract<RunnerRequest, { type: T }>;
/** Request fields without id/type; fields with schema defaults may be left out. */
type RequestBody<T extends RunnerRequest['type']> = Omit<
  RequestOf<T>,
  'id' | 'type' | 'recursive' | 'force' | 'args' | 'shell' | 'cols' | 'rows' | 'signal'
> &
  Partial<Omit<RequestOf<T>, 'id' | 'type'>>;

interface ProcessHandle {
  output: (data: string) => void;
  exit: (code: number) => void;
}

type Listeners = { [E in keyof SandboxEventMap]: Set<SandboxEventMap[E]> };

/** Output/exit that arrived before the spawn response registered the process. */
const MAX_EARLY_PIDS = 32;

class RunnerConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly processes = new Map<number, ProcessHandle>();
  private readonly early = new Map<number, Array<{ output?: string; exit?: number }>>();
  readonly watchers = new Set<(changes: FileChange[]) => void>();
  readonly listeners: Listeners = {
    port: new Set(),
    'server-ready': new Set(),
    error: new Set(),
    'preview-message': new Set(),
    teardown: new Set(),
  };
  closedReason: string | null = null;
  tornDown = false;
  private socket: WebSocketLike | null = null;
  private closedByClient = false;

  constructor(
    private readonly open: (handlers: SocketHandlers) => Promise<WebSocketLike>,
    private readonly reconnectDelaysMs: number[]
  ) {}

  async start(): Promise<void> {
    this.socket = await this.open(this.handlers());
  }

  private handlers(): SocketHandlers {
    return { message: (text) => this.onMessage(text), close: (reason) => this.onSocketClosed(reason) };
  }

  request<T extends RunnerRequest['type']>(type: T, body: RequestBody<T>): Promise<RunnerResults[T]> {
    if (this.closedReason !== null) {
      return Promise.reject(
        new RunnerRequestError('ECONNRESET', `The runner connection is closed: ${this.closedReason}`)
      );
    }
    const socket = this.socket;
    if (!socket) {
      return Promise.reject(new RunnerRequestError('ECONNRESET', 'Reconnecting to the runner; try again'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ ...body, id, type }));
    });
  }

  registerProcess(pid: number, handle: ProcessHandle): void {
    this.processes.set(pid, handle);
    for (const item of this.early.get(pid) ?? []) {
      if (item.output !== undefined) {
        handle.output(item.output);
      }
      if (item.exit !== undefined) {
        this.processes.delete(pid);
        handle.exit(item.exit);
      }
    }
    this.early.delete(pid);
  }

  emit<E extends keyof SandboxEventMap>(event: E, ...args: Parameters<SandboxEventMap[E]>): void {
    for (const listener of this.listeners[event]) {
      (listener as (...values: Parameters<SandboxEventMap[E]>) => void)(...args);
    }
  }

  close(): void {
    this.closedByClient = true;
    this.socket?.close(1000, 'client closed');
  }

  private remember(pid: number, item: { output?: string; exit?: number }): void {
    if (!this.early.has(pid) && this.early.size >= MAX_EARLY_PIDS) {
      this.early.delete(this.early.keys().next().value as number);
    }
    this.early.set(pid, [...(this.early.get(pid) ?? []), item]);
  }

  private onMessage(text: string): void {
    let message: RunnerMessage;
    try {
      message = JSON.parse(text) as RunnerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'response': {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) {
          waiter?.resolve(message.result);
        } else {
          waiter?.reject(new RunnerRequestError(message.error.code, message.error.message));
        }
        return;
      }
      case 'proc.output': {
        const handle = this.processes.get(message.pid);
        if (handle) {
          handle.output(message.data);
        } else {
          this.remember(message.pid, { output: message.data });
        }
        return;
      }
      case 'proc.exit': {
        const handle = this.processes.get(message.pid);
        this.processes.delete(message.pid);
        if (handle) {
          handle.exit(message.exitCode);
        } else {
          this.remember(message.pid, { exit: message.exitCode });
        }
        return;
      }
      case 'watch': {
        const changes = message.events.map(toFileChange);
        for (const watcher of this.watchers) {
          watcher(changes);
        }
        return;
      }
      case 'port':
        this.emit('port', message.port, message.state, message.url);
        return;
      case 'server-ready':
        this.emit('server-ready', message.port, message.url);
        return;
      case 'error':
        this.emit('error', { message: message.message });
        return;
      case 'hello':
        return;
    }
  }

  private onSocketClosed(reason: string): void {
    this.socket = null;
    for (const waiter of this.pending.values()) {
      waiter.reject(new RunnerRequestError('ECONNRESET', `The runner connection closed: ${reason}`));
    }
    this.pending.clear();
    if (this.tornDown || this.closedByClient || reason === 'sandbox torn down') {
      this.finish(reason);
    } else {
      void this.reconnect(reason);
    }
  }

  /** The runner keeps the sandbox while it waits for us: reattach and keep following the same processes. */
  private async reconnect(reason: string): Promise<void> {
    for (const delay of this.reconnectDelaysMs) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.closedByClient || this.tornDown) {
        break;
      }
      try {
        this.socket = await this.open(this.handlers());
        return;
      } catch {
        // Try again after the next delay.
      }
    }
    this.finish(reason);
  }

  private finish(reason: string): void {
    if (this.closedReason !== null) {
      return;
    }
    this.closedReason = reason;
    // Processes cannot be followed any more: end their streams rather than leave callers hanging.
    for (const handle of this.processes.values()) {
      handle.exit(1);
    }
    this.processes.clear();
    if (this.tornDown || reason === 'sandbox torn down') {
      this.tornDown = true;
      this.emit('teardown');
    } else {
      this.emit('error', { message: `Lost connection to the runner: ${reason}` });
    }
  }
}

/** Interactive bash ignores SIGINT and SIGTERM; SIGHUP ends it (and its jobs) like closing a terminal. */
function createProcess(connection: RunnerConnection, pid: number, isShell: boolean): SandboxProcess {
  let resolveExit: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (resolveExit = resolve));
  let exited = false;
  let outputController: ReadableStreamDefaultController<string> | null = null;
  const output = new ReadableStream<string>({
    start(controller) {
      outputController = controller;
    },
  });
  connection.registerProcess(pid, {
    output: (data) => outputController?.enqueue(data),
    exit: (code) => {
      exited = true;
      outputController?.close();
      resolveExit(code);
    },
  });
  const input = new WritableStream<string>({
    write: async (data) => {
      if (!exited) {
        await connection.request('proc.input', { pid, data }).catch(() => undefined);
      }
    },
  });
  return {
    output,
    input,
    exit,
    kill() {
      if (!exited) {
        // The runner signals the whole tree and SIGKILLs what ignores it after a grace period.
        void connection.request('proc.kill', { pid, signal: isShell ? 'SIGHUP' : 'SIGINT' }).catch(() => undefined);
      }
    },
    resize({ cols, rows }) {
      void connection.request('proc.resize', { pid, cols, rows }).catch(() => undefined);
    },
  };
}

function encodeContent(content: string | Uint8Array): { data: string; encoding: FileEncoding } {
  return typeof content === 'string'
    ? { data: content, encoding: 'utf-8' }
    : { data: bytesToBase64(content), encoding: 'base64' };
}

function createFileSystem(connection: RunnerConnection): SandboxFileSystem {
  async function readFile(path: string): Promise<Uint8Array>;
  async function readFile(path: string, encoding: 'utf-8' | 'utf8'): Promise<string>;
  async function readFile(path: string, encoding?: 'utf-8' | 'utf8'): Promise<string | Uint8Array> {
    const result = await connection.request('fs.readFile', {
      path: normalizeSandboxPath(path),
      encoding: encoding ? 'utf-8' : 'base64',
    });
    return encoding ? result.data : base64ToBytes(result.data);
  }
  return {
    readFile,
    async writeFile(path, data) {
      await connection.request('fs.writeFile', { path: normalizeSandboxPath(path), ...encodeContent(data) });
    },
    async mkdir(path, options) {
      await connection.request('fs.mkdir', {
        path: normalizeSandboxPath(path),
        recursive: options?.recursive ?? false,
      });
    },
    async readdir(path) {
      const { entries } = await connection.request('fs.readdir', { path: normalizeSandboxPath(path) });
      return entries.map(
        (entry): SandboxDirEntry => ({
          name: entry.name,
          isFile: () => entry.type === 'file',
          isDirectory: () => entry.type === 'directory',
        })
      );
    },
    async rm(path, options) {
      await connection.request('fs.rm', {
        path: normalizeSandboxPath(path),
        recursive: options?.recursive ?? false,
        force: options?.force ?? false,
      });
    },
    async rename(oldPath, newPath) {
      await connection.request('fs.rename', { from: normalizeSandboxPath(oldPath), to: normalizeSandboxPath(newPath) });
    },
  };
}

/** Open one WebSocket and resolve after the runner's hello; later messages and the close go to `handlers`. */
function openSocket(options: RunnerSandboxOptions, handlers: SocketHandlers): Promise<WebSocketLike> {
  const Impl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
  const base = options.url.replace(/\/+$/, '');
  const socket = new Impl(
    `${base}/sandbox/${encodeURIComponent(options.sandboxId)}?token=${encodeURIComponent(options.token)}`
  );
  return new Promise((resolve, reject) => {
    let greeted = false;
    let lastError = '';
    const timer = setTimeout(() => {
      reject(new Error('The runner did not answer in time'));
      socket.close();
    }, options.connectTimeoutMs ?? 30_000);
    socket.addEventListener('message', (event) => {
      const text = messageText(event.data);
      if (greeted) {
        handlers.message(text);
        return;
      }
      let message: { type?: unknown; message?: unknown };
      try {
        message = JSON.parse(text) as { type?: unknown; message?: unknown };
      } catch {
        return;
      }
      if (message.type === 'error' && typeof message.message === 'string') {
        lastError = message.message;
      } else if (message.type === 'hello') {
        greeted = true;
        clearTimeout(timer);
        resolve(socket);
      }
    });
    socket.addEventListener('close', (event) => {
      clearTimeout(timer);
      const reason = event.reason || `connection closed (${event.code})`;
      if (greeted) {
        handlers.close(reason);
      } else {
        reject(new Error(`Could not connect to the sandbox runner: ${lastError || reason}`));
      }
    });
  });
}

/** Connect to the runner and return a Sandbox for `sandboxId` (created on the runner on first connect). */
export async function createRunnerSandbox(options: RunnerSandboxOptions): Promise<Sandbox> {
  let opened = 0;
  const connection = new RunnerConnection(
    async (handlers) => {
      const renew = opened++ > 0 ? options.getToken : undefined;
      const token = renew ? await renew().catch(() => options.token) : options.token;
      return openSocket({ ...options, token }, handlers);
    },
    options.reconnectDelaysMs ?? DEFAULT_RECONNECT_DELAYS_MS
  );
  await connection.start();
  const spawnWith = async (request: RequestBody<'proc.spawn'>) => {
    const { pid } = await connection.request('proc.spawn', request);
    return createProcess(connection, pid, request.shell === true);
  };
  const spawnFields = (options?: SpawnOptions) => ({
    cwd: options?.cwd === undefined ? undefined : normalizeSandboxPath(options.cwd),
    env: options?.env,
    cols: options?.terminal?.cols ?? 80,
    rows: options?.terminal?.rows ?? 24,
  });
  return {
    kind: 'runner',
    workdir: WORKDIR,
    fs: createFileSystem(connection),
    async mount(files: MountFiles) {
      await connection.request('fs.mount', {
        files: files.map((file) => ({ path: normalizeSandboxPath(file.path), ...encodeContent(file.content) })),
      });
    },
    spawn: (command, args = [], spawnOptions) =>
      spawnWith({ command, args, shell: false, ...spawnFields(spawnOptions) }),
    spawnShell: (spawnOptions) => spawnWith({ command: 'bash', args: [], shell: true, ...spawnFields(spawnOptions) }),
    watch(listener) {
      connection.watchers.add(listener);
      return () => connection.watchers.delete(listener);
    },
    on(event, listener) {
      connection.listeners[event].add(listener);
      return () => connection.listeners[event].delete(listener);
    },
    async teardown() {
      connection.tornDown = true;
      await connection.request('sandbox.teardown', {}).catch(() => undefined);
      connection.close();
    },
  };
}

/**
 * Test double for the slice of @webcontainer/api in api-types.ts: an in-memory file system, recorded
 * spawns, manual events and a controllable boot/teardown. Used only by tests.
 */
import type {
  FileSystemTreeLike,
  WebContainerApiLike,
  WebContainerBootOptionsLike,
  WebContainerDirEntLike,
  WebContainerFsLike,
  WebContainerLike,
  WebContainerProcessLike,
  WebContainerSpawnOptionsLike,
  WebContainerWatchCallback,
} from './api-types';

function fsError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? '.' : path.slice(0, index);
}

export class FakeFs implements WebContainerFsLike {
  readonly files = new Map<string, Uint8Array>();
  readonly dirs = new Set<string>(['.']);
  readonly watchers: Array<{ path: string; recursive: boolean; callback: WebContainerWatchCallback; closed: boolean }> =
    [];
  readonly calls: string[] = [];

  readFile(path: string, encoding?: null): Promise<Uint8Array>;
  readFile(path: string, encoding: 'utf-8' | 'utf8'): Promise<string>;
  async readFile(path: string, encoding?: 'utf-8' | 'utf8' | null): Promise<Uint8Array | string> {
    this.calls.push(`readFile ${path}`);
    if (this.dirs.has(path)) throw fsError('EISDIR', path);
    const content = this.files.get(path);
    if (!content) throw fsError('ENOENT', path);
    return encoding ? new TextDecoder().decode(content) : content;
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    this.calls.push(`writeFile ${path}`);
    this.putFile(path, data);
  }

  mkdir(path: string, options?: { recursive?: false }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  async mkdir(path: string, options?: { recursive?: boolean }): Promise<string | void> {
    this.calls.push(`mkdir ${path}${options?.recursive ? ' -p' : ''}`);
    if (!options?.recursive && !this.dirs.has(parentOf(path))) throw fsError('ENOENT', parentOf(path));
    for (let dir = path; dir !== '.'; dir = parentOf(dir)) this.dirs.add(dir);
    return options?.recursive ? path : undefined;
  }

  async readdir(path: string): Promise<WebContainerDirEntLike[]> {
    if (!this.dirs.has(path)) throw fsError('ENOENT', path);
    const prefix = path === '.' ? '' : `${path}/`;
    const direct = (candidate: string) =>
      candidate !== '.' && candidate.startsWith(prefix) && !candidate.slice(prefix.length).includes('/');
    return [
      ...[...this.dirs].filter(direct).map((dir) => ({ name: dir.slice(prefix.length), isFile: () => false, isDirectory: () => true })),
      ...[...this.files.keys()].filter(direct).map((file) => ({ name: file.slice(prefix.length), isFile: () => true, isDirectory: () => false })),
    ];
  }

  async rm(path: string): Promise<void> {
    this.calls.push(`rm ${path}`);
    this.removeTree(path);
  }

  async rename(oldPath: string, newPath: string): Promise<void> {
    this.calls.push(`rename ${oldPath} ${newPath}`);
    const content = this.files.get(oldPath);
    if (!content) throw fsError('ENOENT', oldPath);
    this.files.delete(oldPath);
    this.files.set(newPath, content);
  }

  watch(path: string, options: { recursive?: boolean }, callback: WebContainerWatchCallback) {
    const watcher = { path, recursive: options.recursive ?? false, callback, closed: false };
    this.watchers.push(watcher);
    return { close: () => void (watcher.closed = true) };
  }

  /** Change the file system directly (as a process in the container would), without emitting events. */
  putFile(path: string, data: string | Uint8Array): void {
    for (let dir = parentOf(path); dir !== '.'; dir = parentOf(dir)) this.dirs.add(dir);
    this.files.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : data);
  }

  removeTree(path: string): void {
    for (const file of [...this.files.keys()]) if (file === path || file.startsWith(`${path}/`)) this.files.delete(file);
    for (const dir of [...this.dirs]) if (dir === path || dir.startsWith(`${path}/`)) this.dirs.delete(dir);
  }

  /** What fs.watch would report. */
  emit(event: 'rename' | 'change', filename: string): void {
    for (const watcher of this.watchers) if (!watcher.closed) watcher.callback(event, filename);
  }
}

export class FakeProcess implements WebContainerProcessLike {
  killed = false;
  readonly resizes: Array<{ cols: number; rows: number }> = [];
  private settle!: (code: number) => void;
  readonly exit = new Promise<number>((resolve) => (this.settle = resolve));
  readonly input = new WritableStream<string>();
  readonly output = new ReadableStream<string>();

  kill(): void {
    this.killed = true;
    this.settle(130);
  }
  resize(dimensions: { cols: number; rows: number }): void {
    this.resizes.push(dimensions);
  }
  finish(code: number): void {
    this.settle(code);
  }
}

type Listener = (...args: never[]) => void;

export class FakeContainer implements WebContainerLike {
  readonly fs = new FakeFs();
  readonly spawns: Array<{ command: string; args: string[]; options?: WebContainerSpawnOptionsLike; process: FakeProcess }> =
    [];
  readonly mounts: FileSystemTreeLike[] = [];
  readonly listeners = new Map<string, Set<Listener>>();
  teardownCalls = 0;
  /** Set to make teardown take time. */
  teardownResult: Promise<void> | undefined;

  constructor(readonly workdir: string) {}

  async spawn(command: string, args: string[], options?: WebContainerSpawnOptionsLike) {
    const process = new FakeProcess();
    this.spawns.push({ command, args, options, process });
    return process;
  }
  async mount(tree: FileSystemTreeLike): Promise<void> {
    this.mounts.push(tree);
  }
  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  teardown(): void | Promise<void> {
    this.teardownCalls += 1;
    return this.teardownResult;
  }
}

/** A fake api whose boot resolves (or does what `bootImpl` says). */
export function createFakeApi(bootImpl?: (options: WebContainerBootOptionsLike) => Promise<FakeContainer>) {
  const boots: WebContainerBootOptionsLike[] = [];
  const containers: FakeContainer[] = [];
  const api: WebContainerApiLike = {
    WebContainer: {
      async boot(options) {
        boots.push(options);
        const container = bootImpl ? await bootImpl(options) : new FakeContainer(`/home/${options.workdirName}`);
        containers.push(container);
        return container;
      },
    },
  };
  return { api, boots, containers };
}

/**
 * A minimal in-memory Sandbox for store tests and the dev-only workbench page. Files live in a Map;
 * writes emit watcher batches synchronously (no 100 ms buffering) so tests need no timers.
 */
import type { FileChange, Sandbox, SandboxDirEntry, SandboxEventMap, SandboxProcess } from '~/lib/sandbox/types';

type Listener = (...args: never[]) => void;

export interface FakeSandbox extends Sandbox {
  readonly files: Map<string, Uint8Array>;
  /** Emit a sandbox event as the real clients would. */
  emit<E extends keyof SandboxEventMap>(event: E, ...args: Parameters<SandboxEventMap[E]>): void;
  /** Deliver a raw watcher batch. */
  emitChanges(changes: FileChange[]): void;
  /** Make the next fs call of this name reject with `message`. */
  failNext(method: 'writeFile' | 'rename', message: string): void;
}

const encoder = new TextEncoder();

function strip(path: string): string {
  return path.replace(/^\/+/, '').replace(/^project\//, '').replace(/\/+$/, '');
}

function unsupported(): never {
  throw new Error('not supported by the fake sandbox');
}

export function createFakeSandbox(initial: Record<string, string | Uint8Array> = {}): FakeSandbox {
  const files = new Map<string, Uint8Array>();
  const dirs = new Set<string>();
  const watchers = new Set<(changes: FileChange[]) => void>();
  const listeners = new Map<string, Set<Listener>>();
  const failures = new Map<string, string>();

  const emitChanges = (changes: FileChange[]) => {
    for (const watcher of watchers) watcher(changes);
  };
  const failIfAsked = (method: string) => {
    const message = failures.get(method);
    if (message !== undefined) {
      failures.delete(method);
      throw new Error(message);
    }
  };
  const put = (path: string, data: string | Uint8Array): FileChange => {
    const content = typeof data === 'string' ? encoder.encode(data) : data;
    const type = files.has(path) ? 'change' : 'add_file';
    files.set(path, content);
    return { type, path, content, binary: false };
  };

  for (const [path, content] of Object.entries(initial)) put(strip(path), content);

  async function readFile(path: string): Promise<Uint8Array>;
  async function readFile(path: string, encoding: 'utf-8' | 'utf8'): Promise<string>;
  async function readFile(path: string, encoding?: 'utf-8' | 'utf8'): Promise<string | Uint8Array> {
    const content = files.get(strip(path));
    if (!content) throw new Error(`ENOENT: ${path}`);
    return encoding ? new TextDecoder().decode(content) : content;
  }

  const sandbox: FakeSandbox = {
    kind: 'runner',
    workdir: 'project',
    files,
    fs: {
      readFile,
      async writeFile(path, data) {
        failIfAsked('writeFile');
        emitChanges([put(strip(path), data)]);
      },
      async mkdir(path) {
        dirs.add(strip(path));
        emitChanges([{ type: 'add_dir', path: strip(path) }]);
      },
      async readdir(path): Promise<SandboxDirEntry[]> {
        const prefix = strip(path) === '' ? '' : `${strip(path)}/`;
        const names = new Set([...files.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length).split('/')[0]));
        return [...names].map((name) => ({
          name,
          isFile: () => files.has(prefix + name),
          isDirectory: () => !files.has(prefix + name),
        }));
      },
      async rm(path) {
        const target = strip(path);
        const removed = [...files.keys()].filter((key) => key === target || key.startsWith(`${target}/`));
        for (const key of removed) files.delete(key);
        emitChanges(removed.map((key) => ({ type: 'remove_file', path: key })));
      },
      async rename(oldPath, newPath) {
        failIfAsked('rename');
        const source = strip(oldPath);
        const target = strip(newPath);
        const changes: FileChange[] = [];
        for (const [key, content] of [...files]) {
          if (key !== source && !key.startsWith(`${source}/`)) continue;
          files.delete(key);
          changes.push({ type: 'remove_file', path: key });
          changes.push(put(target + key.slice(source.length), content));
        }
        emitChanges(changes);
      },
    },
    async mount(entries) {
      emitChanges(entries.map(({ path, content }) => put(strip(path), content)));
    },
    spawn: async (): Promise<SandboxProcess> => unsupported(),
    spawnShell: async (): Promise<SandboxProcess> => unsupported(),
    watch(listener) {
      watchers.add(listener);
      // Like the real watcher's first batch: everything already there.
      const existing = [...files].map(([path, content]): FileChange => ({ type: 'add_file', path, content, binary: false }));
      if (existing.length > 0) listener(existing);
      return () => watchers.delete(listener);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      return () => set.delete(listener as Listener);
    },
    emit(event, ...args) {
      for (const listener of listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
    },
    emitChanges,
    failNext(method, message) {
      failures.set(method, message);
    },
    async teardown() {
      watchers.clear();
      listeners.clear();
    },
  };
  return sandbox;
}

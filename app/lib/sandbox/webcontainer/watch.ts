/**
 * Watches the WebContainer workdir with a recursive fs.watch and reports batched FileChanges with their
 * contents. The raw events only say "something happened at this path", so each path is probed after the
 * 100 ms buffer and compared with what is known to exist.
 */
import { getErrorMessage } from '~/utils/errors';
import type { FileChange } from '../types';
import type { WebContainerFsLike } from './api-types';

/** Spec §9: watch buffer 100 ms. */
export const WATCH_BUFFER_MS = 100;
const EXCLUDED_SEGMENTS = new Set(['node_modules', '.git']);

export function isWatchedPath(path: string): boolean {
  return path !== '' && !path.split('/').some((segment) => EXCLUDED_SEGMENTS.has(segment));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Text is valid UTF-8 without NUL bytes; anything else is treated as binary. */
export function isBinaryContent(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) {
    return true;
  }
  try {
    strictUtf8.decode(bytes);
    return false;
  } catch {
    return true;
  }
}

type Probe = { kind: 'file'; content: Uint8Array } | { kind: 'dir'; children: string[] } | { kind: 'missing' };

function joinPath(parent: string, name: string): string {
  return parent === '.' ? name : `${parent}/${name}`;
}

function normalizeEventPath(filename: string | Uint8Array): string {
  const text = typeof filename === 'string' ? filename : new TextDecoder().decode(filename);
  return text.replace(/^(\.\/)+/, '').replace(/^\/+/, '').replace(/\/+$/, '');
}

/** Stops watching when called; `ready` settles once the existing files are known (tests await it). */
export type WorkdirWatch = (() => void) & { ready: Promise<void> };

export function watchWorkdir(
  fs: WebContainerFsLike,
  listener: (changes: FileChange[]) => void,
  onError: (message: string) => void,
): WorkdirWatch {
  const known = new Map<string, 'file' | 'dir'>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let flushing = Promise.resolve();

  async function probe(path: string): Promise<Probe> {
    try {
      return { kind: 'file', content: await fs.readFile(path) };
    } catch {
      try {
        const entries = await fs.readdir(path, { withFileTypes: true });
        return { kind: 'dir', children: entries.map((entry) => joinPath(path, entry.name)).filter(isWatchedPath) };
      } catch {
        return { kind: 'missing' };
      }
    }
  }

  /** Record what exists under `path`, returning the additions (so new folders report their files too). */
  async function discover(path: string, found: Probe, changes: FileChange[]): Promise<void> {
    if (found.kind === 'file') {
      const binary = isBinaryContent(found.content);
      changes.push({ type: known.get(path) === 'file' ? 'change' : 'add_file', path, content: found.content, binary });
      known.set(path, 'file');
      return;
    }
    if (found.kind === 'dir') {
      if (known.get(path) !== 'dir') {
        changes.push({ type: 'add_dir', path });
        known.set(path, 'dir');
        for (const child of found.children) {
          if (!known.has(child)) {
            await discover(child, await probe(child), changes);
          }
        }
      }
    }
  }

  function forget(path: string, changes: FileChange[]): void {
    const kind = known.get(path);
    if (!kind) {
      return;
    }
    if (kind === 'dir') {
      const descendants = [...known.keys()].filter((other) => other.startsWith(`${path}/`));
      // Deepest first, so a consumer never sees a folder vanish before its contents.
      const depth = (path: string) => path.split('/').length;
      descendants.sort((a, b) => depth(b) - depth(a) || a.localeCompare(b));
      for (const descendant of descendants) {
        changes.push({ type: known.get(descendant) === 'dir' ? 'remove_dir' : 'remove_file', path: descendant });
        known.delete(descendant);
      }
    }
    changes.push({ type: kind === 'dir' ? 'remove_dir' : 'remove_file', path });
    known.delete(path);
  }

  async function seed(path: string): Promise<void> {
    const found = await probe(path);
    if (found.kind === 'dir') {
      if (path !== '.') {
        known.set(path, 'dir');
      }
      await Promise.all(found.children.map(seed));
    } else if (found.kind === 'file') {
      known.set(path, 'file');
    }
  }

  async function flush(paths: string[]): Promise<void> {
    const changes: FileChange[] = [];
    // Parents before children, so a new folder is reported (and walked) once.
    for (const path of paths.sort()) {
      const found = await probe(path);
      const knownKind = known.get(path);
      if (found.kind === 'missing' || (knownKind && knownKind !== found.kind)) {
        forget(path, changes);
      }
      await discover(path, found, changes);
    }
    if (!closed && changes.length > 0) {
      listener(changes);
    }
  }

  const seeded = seed('.').catch((error: unknown) => onError(`File watcher could not list the project: ${getErrorMessage(error)}`));

  function schedule(): void {
    timer ??= setTimeout(() => {
      timer = undefined;
      const paths = [...pending];
      pending.clear();
      flushing = flushing
        .then(() => seeded)
        .then(() => flush(paths))
        .catch((error: unknown) => onError(`File watcher failed: ${getErrorMessage(error)}`));
    }, WATCH_BUFFER_MS);
  }

  let watcher: { close(): void } | undefined;
  try {
    watcher = fs.watch('.', { recursive: true }, (_event, filename) => {
      const path = normalizeEventPath(filename);
      if (closed || !isWatchedPath(path)) {
        return;
      }
      pending.add(path);
      schedule();
    });
  } catch (error) {
    onError(`File watching is not available in this WebContainer: ${getErrorMessage(error)}`);
  }

  const stop = () => {
    closed = true;
    clearTimeout(timer);
    watcher?.close();
  };
  return Object.assign(stop, { ready: seeded });
}

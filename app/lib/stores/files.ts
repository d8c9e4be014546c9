/**
 * The project file map (spec §3): shown path → file or folder, fed by the sandbox watcher with the
 * batching rules of spec §4 "File update batching".
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { FileChange, Sandbox } from '~/lib/sandbox/types';
import { decodeText, isBinary, isIgnoredPath, normalizePath, parentPath, validateRename, type PathKind } from './file-rules';

export interface FileEntry {
  type: 'file';
  content: string;
  isBinary: boolean;
}

export interface FolderEntry {
  type: 'folder';
}

export type FileMap = Record<string, FileEntry | FolderEntry | undefined>;

function addAncestors(map: FileMap, path: string): void {
  for (let dir = parentPath(path); dir !== ''; dir = parentPath(dir)) {
    if (map[dir]?.type === 'folder') return;
    map[dir] = { type: 'folder' };
  }
}

function removeTree(map: FileMap, path: string): void {
  delete map[path];
  const prefix = `${path}/`;
  for (const key of Object.keys(map)) {
    if (key.startsWith(prefix)) delete map[key];
  }
}

/** The map with `source` (and everything under it) moved to `target`. */
export function moveEntries(map: FileMap, source: string, target: string): FileMap {
  const next: FileMap = {};
  const prefix = `${source}/`;
  for (const [path, entry] of Object.entries(map)) {
    if (path === source) next[target] = entry;
    else if (path.startsWith(prefix)) next[`${target}/${path.slice(prefix.length)}`] = entry;
    else next[path] = entry;
  }
  addAncestors(next, target);
  return next;
}

/**
 * Applies one watcher batch. Events are taken in order, so a later add/change wins over earlier
 * events for the same path; removals delete; unchanged content is skipped; binary files become a
 * placeholder with empty content. Returns the same object when nothing changed.
 */
export function applyFileChanges(current: FileMap, changes: readonly FileChange[], workdir?: string): FileMap {
  let next: FileMap | undefined;
  const writable = () => (next ??= { ...current });
  const read = () => next ?? current;

  for (const change of changes) {
    const path = normalizePath(change.path, workdir);
    if (path === '' || isIgnoredPath(path)) continue;
    switch (change.type) {
      case 'add_file':
      case 'change': {
        const binary = change.binary || isBinary(change.content);
        const entry: FileEntry = { type: 'file', content: binary ? '' : decodeText(change.content), isBinary: binary };
        const existing = read()[path];
        if (existing?.type === 'file' && existing.content === entry.content && existing.isBinary === entry.isBinary) continue;
        const map = writable();
        map[path] = entry;
        addAncestors(map, path);
        break;
      }
      case 'add_dir': {
        if (read()[path]?.type === 'folder') continue;
        const map = writable();
        map[path] = { type: 'folder' };
        addAncestors(map, path);
        break;
      }
      case 'remove_file':
      case 'remove_dir': {
        if (!read()[path]) continue;
        removeTree(writable(), path);
        break;
      }
    }
  }
  return next ?? current;
}

export interface FilesStore {
  /** Shown path → entry, from the watcher plus in-memory streaming content. */
  readonly $files: ReadableAtom<FileMap>;
  /** The file at a path; undefined for folders and missing paths. */
  getFile(path: string): FileEntry | undefined;
  applyChanges(changes: readonly FileChange[]): void;
  /** Sets in-memory content (streaming, saved edits) without touching the sandbox. */
  setContent(path: string, content: string): void;
  /** Writes through to the sandbox and keeps the map in step so the watcher echo is skipped. */
  writeFile(path: string, content: string): Promise<void>;
  /** Validates (spec §4/§8) then renames in the sandbox; throws an Error with the spec's text. */
  rename(from: string, to: string): Promise<void>;
  kindOf(path: string): PathKind | undefined;
}

export function createFilesStore(sandbox: Pick<Sandbox, 'fs' | 'workdir'>): FilesStore {
  const $files = atom<FileMap>({});

  const kindOf = (path: string): PathKind | undefined => $files.get()[normalizePath(path, sandbox.workdir)]?.type;

  const setContent = (rawPath: string, content: string) => {
    const path = normalizePath(rawPath, sandbox.workdir);
    const existing = $files.get()[path];
    if (existing?.type === 'file' && existing.content === content && !existing.isBinary) return;
    const map: FileMap = { ...$files.get(), [path]: { type: 'file', content, isBinary: false } };
    addAncestors(map, path);
    $files.set(map);
  };

  return {
    $files,
    getFile(path) {
      const entry = $files.get()[normalizePath(path, sandbox.workdir)];
      return entry?.type === 'file' ? entry : undefined;
    },
    applyChanges(changes) {
      const next = applyFileChanges($files.get(), changes, sandbox.workdir);
      if (next !== $files.get()) $files.set(next);
    },
    setContent,
    async writeFile(path, content) {
      await sandbox.fs.writeFile(normalizePath(path, sandbox.workdir), content);
      setContent(path, content);
    },
    async rename(from, to) {
      const error = validateRename(from, to, kindOf);
      if (error) throw new Error(error);
      const source = normalizePath(from, sandbox.workdir);
      const target = normalizePath(to, sandbox.workdir);
      await sandbox.fs.rename(source, target);
      // Move entries now so the selection can follow; the watcher's echo is then skipped as unchanged.
      $files.set(moveEntries($files.get(), source, target));
    },
    kindOf,
  };
}

/**
 * Pure rules about project paths and file contents (spec §4 "Renaming", §5 "Paths", "Ignored",
 * "Binary detection", "Default selected file"). No state, no sandbox: everything here is a function.
 */

/** Dot-directories that are shown and synced although they start with a dot (spec §5). */
const ALLOWED_DOT_DIRECTORIES = new Set(['.contentlayer', '.svelte-kit', '.vitepress', '.nuxt', '.vscode', '.stackblitz', '.bolt']);

/** Bytes inspected by the file-binary check (spec §5: 100 in the file-binary check). */
export const BINARY_CHECK_BYTES = 100;

/**
 * Shown form of a path: relative to the project root, '/'-separated, without leading './' or '/',
 * without the workdir prefix and without trailing slashes.
 */
export function normalizePath(path: string, workdir?: string): string {
  let result = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  result = result.replace(/^(\.\/)+/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  if (workdir) {
    if (result === workdir) return '';
    if (result.startsWith(`${workdir}/`)) result = result.slice(workdir.length + 1);
  }
  return result;
}

export function parentPath(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? '' : path.slice(0, index);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** node_modules anywhere, and dot-directories except the allowed ones. A dot-file itself is not ignored. */
export function isIgnoredPath(path: string): boolean {
  const segments = normalizePath(path).split('/').filter(Boolean);
  return segments.some((segment, index) => {
    if (segment === 'node_modules') return true;
    const isDirectory = index < segments.length - 1;
    return isDirectory && segment.startsWith('.') && !ALLOWED_DOT_DIRECTORIES.has(segment);
  });
}

/** True for a path that names a directory to ignore (used when the entry is known to be a folder). */
export function isIgnoredDirectory(path: string): boolean {
  const name = baseName(normalizePath(path));
  return isIgnoredPath(path) || name === 'node_modules' || (name.startsWith('.') && !ALLOWED_DOT_DIRECTORIES.has(name));
}

/** A replacement character or a control byte at or below 8 in the first chunk means binary. */
export function isBinary(bytes: Uint8Array, chunkLength = BINARY_CHECK_BYTES): boolean {
  const chunk = bytes.subarray(0, chunkLength);
  if (chunk.some((byte) => byte <= 8)) return true;
  // U+FFFD encoded as UTF-8 is EF BF BD; also catch invalid sequences that decode to it.
  const text = new TextDecoder('utf-8').decode(chunk);
  // A multi-byte character cut at the chunk boundary decodes to U+FFFD at the very end: not binary.
  const trimmed = chunk.length === chunkLength ? text.replace(/\uFFFD{1,3}$/, '') : text;
  return trimmed.includes('\uFFFD');
}

/** Decode UTF-8; undecodable bytes give empty text (spec §5). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return '';
  }
}

const ENTRY_NAMES = ['main', 'app', 'root'];
const ENTRY_EXTENSIONS = new Set(['js', 'jsx', 'ts', 'tsx']);

function entryRank(path: string): number {
  const name = baseName(path).toLowerCase();
  const dot = name.lastIndexOf('.');
  if (dot === -1 || !ENTRY_EXTENSIONS.has(name.slice(dot + 1))) return -1;
  return ENTRY_NAMES.indexOf(name.slice(0, dot));
}

/**
 * spec §5: first existing of README.md, app/_layout.tsx, app/page.tsx, a file named main/app/root
 * (js, jsx, ts, tsx; in that name order, shallowest first), package.json, then any file.
 */
export function defaultSelectedFile(filePaths: readonly string[]): string | undefined {
  const paths = [...filePaths].sort(comparePaths);
  const existing = new Set(paths);
  for (const fixed of ['README.md', 'app/_layout.tsx', 'app/page.tsx']) {
    if (existing.has(fixed)) return fixed;
  }
  const entries = paths
    .filter((path) => entryRank(path) !== -1)
    .sort((a, b) => entryRank(a) - entryRank(b) || depth(a) - depth(b) || comparePaths(a, b));
  if (entries.length > 0) return entries[0];
  if (existing.has('package.json')) return 'package.json';
  return paths[0];
}

function depth(path: string): number {
  return path.split('/').length;
}

function comparePaths(a: string, b: string): number {
  return depth(a) - depth(b) || a.localeCompare(b);
}

export type PathKind = 'file' | 'folder';

/**
 * spec §4 "Renaming" with the texts of §8. `kindOf` answers what exists at a path (undefined: nothing).
 * Returns the error text, or undefined when the rename may go ahead.
 */
export function validateRename(from: string, to: string, kindOf: (path: string) => PathKind | undefined): string | undefined {
  const source = normalizePath(from);
  const target = normalizePath(to);
  if (!kindOf(source)) return `Rename: '${source}' does not exists`;
  if (target === '' || isIgnoredPath(target) || (kindOf(source) === 'folder' && isIgnoredDirectory(target))) {
    return `Cannot create '${target}': operation not allowed.`;
  }
  if (kindOf(target)) return `Rename: '${target}' already exists`;
  if (target.startsWith(`${source}/`)) return `Rename: '${source}' cannot be moved inside itself`;
  const directory = parentPath(target);
  if (directory !== '' && kindOf(directory) !== 'folder') {
    return `Cannot rename '${source}' to '${target}' as directory '${directory}' does not exists`;
  }
  return undefined;
}

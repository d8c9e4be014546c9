/** Deterministic project file maps in the shapes the API takes (appFiles for saves, snapshot JSON). */
import { createRandom, generateSource } from '../lib/random';

export type FileMap = Map<string, string>;

/** `count` files of `bytesEach` characters, spread over a few folders like a generated app. */
export function generateProject(count: number, bytesEach: number, seed: number): FileMap {
  const random = createRandom(seed);
  const files: FileMap = new Map();
  for (let index = 0; index < count; index++) {
    const folder = ['src/components', 'src/routes', 'src/lib', 'src/styles'][index % 4];
    files.set(`${folder}/module-${index}.tsx`, generateSource(random, bytesEach));
  }
  return files;
}

/** A copy of `files` in which the file at `index` (mod count) has new content of the same size. */
export function changeOneFile(files: FileMap, index: number, seed: number): FileMap {
  const paths = [...files.keys()];
  const path = paths[index % paths.length];
  const next = new Map(files);
  next.set(path, generateSource(createRandom(seed), files.get(path)?.length ?? 1024));
  return next;
}

export function totalChars(files: FileMap): number {
  let total = 0;
  for (const content of files.values()) total += content.length;
  return total;
}

/** The PATCH /api/projects/{slug} appFiles map. */
export function toAppFiles(files: FileMap): Record<string, { fullPath: string; contents: string; name: string; isBinary: false; type: 'file' }> {
  const appFiles: Record<string, { fullPath: string; contents: string; name: string; isBinary: false; type: 'file' }> = {};
  for (const [path, contents] of files) {
    appFiles[path] = { fullPath: path, contents, name: path.slice(path.lastIndexOf('/') + 1), isBinary: false, type: 'file' };
  }
  return appFiles;
}

/** The `snapshot` field of POST /api/snapshot/{projectId}: a JSON string of path → entry. */
export function toSnapshotJson(files: FileMap): string {
  const entries: Record<string, { type: 'file'; content: string }> = {};
  for (const [path, content] of files) entries[path] = { type: 'file', content };
  return JSON.stringify(entries);
}

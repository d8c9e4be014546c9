import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Db } from '../db/client';
import { contents, type SnapshotEntry } from '../db/schema';
import { contentHash, type NormalizedFile } from '../projects/app-files';
import { type PreparedEntry } from './entries';

/**
 * Snapshots are stored like git trees: one content-addressed listing per folder (in `contents`), and the
 * snapshot row keeps only the root listing's hash under the key '' (never a valid path). A snapshot that
 * changes one file then costs that file plus the listings on its path — not a full path → hash map of
 * every file, which for a 1,000-file project would dominate storage.
 */
export const TREE_ROOT_KEY = '';

/** [content hash, 1 when binary, blob id] */
type FileRef = [string, 0 | 1, string | null];
/** [listing hash, 1 when the snapshot named this folder itself (not only as a parent)] */
type DirRef = [string, 0 | 1];
const treeSchema = z.object({
  d: z.record(z.string(), z.tuple([z.string(), z.union([z.literal(0), z.literal(1)])])),
  f: z.record(z.string(), z.tuple([z.string(), z.union([z.literal(0), z.literal(1)]), z.string().nullable()])),
});

type Dir = { files: Map<string, FileRef>; dirs: Set<string>; explicit: boolean };

function parentAndName(path: string): [string, string] {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? ['', path] : [path.slice(0, slash), path.slice(slash + 1)];
}

/** Keys in sorted order, so equal folders always serialise (and hash) the same. */
function sortedObject<T>(map: Map<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of [...map.keys()].sort()) out[key] = map.get(key)!;
  return out;
}

/** Encode a snapshot as folder listings; returns the row's entries and the listings to store. */
export function encodeTree(entries: PreparedEntry[], now: Date): { stored: Record<string, SnapshotEntry>; listings: NormalizedFile[] } {
  const dirs = new Map<string, Dir>();
  const dirAt = (path: string): Dir => {
    let dir = dirs.get(path);
    if (!dir) {
      dir = { files: new Map(), dirs: new Set(), explicit: false };
      dirs.set(path, dir);
      if (path !== '') {
        const [parent, name] = parentAndName(path);
        dirAt(parent).dirs.add(name);
      }
    }
    return dir;
  };
  dirAt('');
  for (const entry of entries) {
    if (entry.type === 'folder') {
      dirAt(entry.path).explicit = true;
    } else {
      const [parent, name] = parentAndName(entry.path);
      dirAt(parent).files.set(name, [entry.contentHash ?? contentHash(''), entry.isBinary ? 1 : 0, entry.blobId]);
    }
  }
  const hashes = new Map<string, string>();
  const listings: NormalizedFile[] = [];
  // Deepest folders first, so every child's hash is known when its parent is serialised.
  const byDepth = [...dirs.keys()].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? 1 : -1));
  for (const path of byDepth) {
    const dir = dirs.get(path)!;
    const children = new Map<string, DirRef>();
    for (const name of dir.dirs) {
      const child = path === '' ? name : `${path}/${name}`;
      children.set(name, [hashes.get(child)!, dirs.get(child)!.explicit ? 1 : 0]);
    }
    const text = JSON.stringify({ d: sortedObject(children), f: sortedObject(dir.files) });
    const hash = contentHash(text);
    hashes.set(path, hash);
    listings.push({ path, type: 'file', contents: text, contentHash: hash, size: Buffer.byteLength(text, 'utf8'), isBinary: false, blobId: null, lastModified: now });
  }
  return { stored: { [TREE_ROOT_KEY]: { type: 'folder', contentHash: hashes.get('')! } }, listings };
}

/** The snapshot as a flat path → entry map (rows written before trees existed are flat already). */
export async function flattenTree(db: Db, stored: Record<string, SnapshotEntry>): Promise<Record<string, SnapshotEntry>> {
  const root = stored[TREE_ROOT_KEY];
  if (!root?.contentHash) {
    return stored;
  }
  const out: Record<string, SnapshotEntry> = {};
  let level: Array<{ prefix: string; hash: string }> = [{ prefix: '', hash: root.contentHash }];
  while (level.length > 0) {
    const wanted = [...new Set(level.map((item) => item.hash))];
    const rows = await db.select({ hash: contents.hash, text: contents.text }).from(contents).where(inArray(contents.hash, wanted));
    const texts = new Map(rows.map((row) => [row.hash, row.text]));
    const next: typeof level = [];
    for (const { prefix, hash } of level) {
      const text = texts.get(hash);
      if (text === undefined) throw new Error(`Snapshot folder listing ${hash} is missing`);
      const tree = treeSchema.parse(JSON.parse(text));
      for (const [name, [childHash, explicit]] of Object.entries(tree.d)) {
        const path = prefix === '' ? name : `${prefix}/${name}`;
        if (explicit) out[path] = { type: 'folder' };
        next.push({ prefix: path, hash: childHash });
      }
      for (const [name, [fileHash, binary, blobId]] of Object.entries(tree.f)) {
        const entry: SnapshotEntry = { type: 'file', contentHash: fileHash };
        if (binary) entry.isBinary = true;
        if (blobId) entry.blobId = blobId;
        out[prefix === '' ? name : `${prefix}/${name}`] = entry;
      }
    }
    level = next;
  }
  return out;
}

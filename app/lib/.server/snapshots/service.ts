import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Viewer } from '../auth/viewer';
import { getDb, type Db } from '../db/client';
import { contents, projects, type SnapshotEntry, snapshots } from '../db/schema';
import { getEnv } from '../env';
import { FrozenError, NotFoundError, TooLargeError } from '../http/errors';
import { type NormalizedFile } from '../projects/app-files';
import { assertOwner, assertReadable, findProject } from '../projects/access';
import { replaceFiles, storeContents } from '../projects/files-store';
import { type PreparedEntry, type SnapshotFiles } from './entries';
import { encodeTree, flattenTree } from './tree';

export type SnapshotSummary = { messageId: string; createdAt: string };
export type SaveSnapshotInput = { messageId: string; entries: PreparedEntry[]; title?: string; finalized?: boolean };

function toNormalizedFile(entry: PreparedEntry, now: Date): NormalizedFile {
  return { ...entry, contents: entry.content, lastModified: now };
}

/**
 * Save (or replace) the snapshot of one chat message; owner only. File bodies and folder listings go to
 * the shared content-addressed table (tree.ts), so a snapshot costs only what is new in it.
 */
export async function saveSnapshot(idOrSlug: string, viewer: Viewer, input: SaveSnapshotInput): Promise<SnapshotSummary> {
  const size = input.entries.reduce((sum, entry) => sum + entry.size, 0);
  if (size > getEnv().MAX_PROJECT_BYTES) {
    throw new TooLargeError('Snapshot is too big');
  }
  const db = await getDb();
  const project = assertOwner(await findProject(db, idOrSlug), viewer);
  const now = new Date();
  const { stored: map, listings } = encodeTree(input.entries, now);
  const row = await db.transaction(async (tx) => {
    await storeContents(tx, [...input.entries.map((entry) => toNormalizedFile(entry, now)), ...listings]);
    const values = {
      projectId: project.id,
      messageId: input.messageId,
      entries: map,
      title: input.title ?? '',
      finalized: input.finalized ?? false,
      createdAt: now,
    };
    const [saved] = await tx
      .insert(snapshots)
      .values(values)
      .onConflictDoUpdate({
        target: [snapshots.projectId, snapshots.messageId],
        set: {
          entries: map,
          createdAt: now,
          ...(input.title === undefined ? {} : { title: input.title }),
          // Finalized once: a later save never clears the flag.
          finalized: sql`${snapshots.finalized} OR ${sql.raw(values.finalized ? 'TRUE' : 'FALSE')}`,
        },
      })
      .returning({ messageId: snapshots.messageId, createdAt: snapshots.createdAt });
    return saved;
  });
  return { messageId: row.messageId, createdAt: row.createdAt.toISOString() };
}

/** A project's snapshots, newest first; readable by whoever can read the project (like its chat). */
export async function listSnapshots(idOrSlug: string, viewer: Viewer | null): Promise<SnapshotSummary[]> {
  const db = await getDb();
  const project = assertReadable(await findProject(db, idOrSlug), viewer);
  const rows = await db
    .select({ messageId: snapshots.messageId, createdAt: snapshots.createdAt })
    .from(snapshots)
    .where(eq(snapshots.projectId, project.id))
    .orderBy(desc(snapshots.createdAt));
  return rows.map((row) => ({ messageId: row.messageId, createdAt: row.createdAt.toISOString() }));
}

async function readEntries(db: Db, projectId: string, messageId: string): Promise<Record<string, SnapshotEntry>> {
  const [row] = await db
    .select({ entries: snapshots.entries })
    .from(snapshots)
    .where(and(eq(snapshots.projectId, projectId), eq(snapshots.messageId, messageId)));
  if (!row) {
    throw new NotFoundError('Snapshot not found');
  }
  return flattenTree(db, row.entries);
}

async function readBodies(db: Db, entries: Record<string, SnapshotEntry>): Promise<Map<string, string>> {
  const hashes = [...new Set(Object.values(entries).flatMap((entry) => (entry.contentHash ? [entry.contentHash] : [])))];
  const bodies = new Map<string, string>();
  const BATCH = 1000;
  for (let i = 0; i < hashes.length; i += BATCH) {
    const rows = await db
      .select({ hash: contents.hash, text: contents.text })
      .from(contents)
      .where(inArray(contents.hash, hashes.slice(i, i + BATCH)));
    for (const row of rows) bodies.set(row.hash, row.text);
  }
  return bodies;
}

function toPrepared(path: string, entry: SnapshotEntry, bodies: Map<string, string>): PreparedEntry {
  const content = entry.contentHash ? (bodies.get(entry.contentHash) ?? '') : '';
  return {
    path,
    type: entry.type,
    content,
    contentHash: entry.type === 'file' ? (entry.contentHash ?? null) : null,
    size: Buffer.byteLength(content, 'utf8'),
    isBinary: entry.isBinary ?? false,
    blobId: entry.blobId ?? null,
  };
}

/** The snapshot's path → entry map (spec §3), with file contents. */
export async function getSnapshot(idOrSlug: string, viewer: Viewer | null, messageId: string): Promise<SnapshotFiles> {
  const db = await getDb();
  const project = assertReadable(await findProject(db, idOrSlug), viewer);
  const entries = await readEntries(db, project.id, messageId);
  const bodies = await readBodies(db, entries);
  const out: SnapshotFiles = {};
  for (const path of Object.keys(entries).sort()) {
    const entry = toPrepared(path, entries[path], bodies);
    out[path] =
      entry.type === 'folder'
        ? { type: 'folder' }
        : { type: 'file', content: entry.content, isBinary: entry.isBinary, ...(entry.blobId ? { blobId: entry.blobId } : {}) };
  }
  return out;
}

/**
 * Make the snapshot the project's saved files (owner only), after the client has restored them in the
 * sandbox. Locks the project row like a save does, so editedAt stays strictly increasing.
 */
export async function applySnapshot(idOrSlug: string, viewer: Viewer, messageId: string): Promise<{ editedAt: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const project = assertOwner(await findProject(tx, idOrSlug, { forUpdate: true }), viewer);
    if (project.frozen) {
      throw new FrozenError();
    }
    const entries = await readEntries(tx, project.id, messageId);
    const bodies = await readBodies(tx, entries);
    const now = new Date();
    const files = Object.entries(entries).map(([path, entry]) => toNormalizedFile(toPrepared(path, entry, bodies), now));
    await replaceFiles(tx, project.id, files);
    const editedAt = new Date(Math.max(now.getTime(), project.editedAt.getTime() + 1));
    await tx
      .update(projects)
      .set({ editedAt, lastEditorId: viewer.id, updatedAt: now })
      .where(eq(projects.id, project.id));
    return { editedAt: editedAt.toISOString() };
  });
}

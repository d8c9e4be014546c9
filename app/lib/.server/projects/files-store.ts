import { asc, eq, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { contents, projectFiles } from '../db/schema';
import { type AppFile, type NormalizedFile, toAppFile } from './app-files';

/** Rows per INSERT: stays far below PostgreSQL's 65535 bind-parameter limit. */
const BATCH = 1000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Store file bodies once per hash. Sorted so concurrent writers take index locks in the same order. */
export async function storeContents(tx: Db, files: NormalizedFile[]): Promise<void> {
  const unique = new Map<string, NormalizedFile>();
  for (const file of files) {
    if (file.contentHash) unique.set(file.contentHash, file);
  }
  const rows = [...unique.values()]
    .sort((a, b) => (a.contentHash! < b.contentHash! ? -1 : 1))
    .map((file) => ({ hash: file.contentHash!, text: file.contents, size: file.size }));
  for (const batch of chunks(rows, BATCH)) {
    await tx.insert(contents).values(batch).onConflictDoNothing();
  }
}

/** Replace a project's whole file set (call inside the save transaction). */
export async function replaceFiles(tx: Db, projectId: string, files: NormalizedFile[]): Promise<void> {
  await storeContents(tx, files);
  await tx.delete(projectFiles).where(eq(projectFiles.projectId, projectId));
  const rows = files.map((file) => ({
    projectId,
    path: file.path,
    type: file.type,
    contentHash: file.contentHash,
    isBinary: file.isBinary,
    blobId: file.blobId,
    lastModified: file.lastModified,
  }));
  for (const batch of chunks(rows, BATCH)) {
    await tx.insert(projectFiles).values(batch);
  }
}

/** Copy file rows (bodies are shared by hash, so nothing large is copied). */
export async function copyFiles(tx: Db, fromProjectId: string, toProjectId: string): Promise<void> {
  await tx.delete(projectFiles).where(eq(projectFiles.projectId, toProjectId));
  await tx.execute(sql`
    INSERT INTO ${projectFiles} (project_id, path, type, content_hash, is_binary, blob_id, last_modified)
    SELECT ${toProjectId}, path, type, content_hash, is_binary, blob_id, last_modified
    FROM ${projectFiles} WHERE project_id = ${fromProjectId}`);
}

/** A project's files as the API's appFiles map, keyed by full path. */
export async function readAppFiles(db: Db, projectId: string): Promise<Record<string, AppFile>> {
  const rows = await db
    .select({
      path: projectFiles.path,
      type: projectFiles.type,
      isBinary: projectFiles.isBinary,
      blobId: projectFiles.blobId,
      lastModified: projectFiles.lastModified,
      contents: contents.text,
    })
    .from(projectFiles)
    .leftJoin(contents, eq(contents.hash, projectFiles.contentHash))
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.path));
  const out: Record<string, AppFile> = {};
  for (const row of rows) {
    out[row.path] = toAppFile({ ...row, contents: row.contents ?? '' });
  }
  return out;
}

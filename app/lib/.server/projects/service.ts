import { desc, eq } from 'drizzle-orm';
import { type Viewer } from '../auth/viewer';
import { newId } from '../auth/secrets';
import { getDb, type Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { projects, users } from '../db/schema';
import { getEnv } from '../env';
import { BadRequestError, ConflictError, ForbiddenError, FrozenError, TooLargeError } from '../http/errors';
import { type AppFilesInput, normalizeAppFiles, type NormalizedFile, totalSize } from './app-files';
import { assertOwner, assertReadable, findProject, type ProjectRow } from './access';
import { copyFiles, readAppFiles, replaceFiles } from './files-store';
import { presentProject, type ProjectSummary, type ProjectWithFiles } from './present';
import { makeSlug } from './slug';

export const DEFAULT_TITLE = 'Untitled project';
export type Visibility = 'private' | 'public';

export type CreateProjectInput = { title?: string; appFiles?: AppFilesInput; visibility?: Visibility };
export type SaveProjectInput = {
  appFiles?: AppFilesInput;
  title?: string;
  visibility?: Visibility;
  /** The editedAt the client last saw (ISO string or epoch ms). Omitted: forced save. */
  editedAt?: string | number;
};
export type ForkProjectInput = { appFiles?: AppFilesInput; title?: string };

/** Validate paths and the size limit before touching the database. */
function prepareFiles(input: AppFilesInput | undefined): NormalizedFile[] | undefined {
  if (input === undefined) return undefined;
  const files = normalizeAppFiles(input);
  if (totalSize(files) > getEnv().MAX_PROJECT_BYTES) {
    throw new TooLargeError('Project is too big');
  }
  return files;
}

function parseEditedAt(value: string | number): number {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) {
    throw new BadRequestError([{ field: 'editedAt', message: 'editedAt must be an ISO date or epoch milliseconds' }]);
  }
  return ms;
}

function assertMayPublish(viewer: Viewer, visibility: Visibility | undefined): void {
  if (visibility === 'public' && viewer.isGuest) {
    throw new ForbiddenError('Sign in to make a project public');
  }
}

/** Insert a project row with a fresh slug, retrying the (rare) slug collision. */
async function insertProject(tx: Db, values: Omit<typeof projects.$inferInsert, 'id' | 'slug'>): Promise<ProjectRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint, so a slug collision does not abort the surrounding transaction.
      return await tx.transaction(async (inner) => {
        const [row] = await inner
          .insert(projects)
          .values({ ...values, id: newId(), slug: makeSlug(values.title) })
          .returning();
        return row;
      });
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error, 'projects_slug_unique')) throw error;
    }
  }
}

/** Create a project owned by the viewer (guest projects are always private). */
export async function createProject(viewer: Viewer, input: CreateProjectInput = {}): Promise<ProjectWithFiles> {
  assertMayPublish(viewer, input.visibility);
  const files = prepareFiles(input.appFiles) ?? [];
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const created = await insertProject(tx, {
      ownerId: viewer.id,
      title: input.title?.trim() || DEFAULT_TITLE,
      visibility: input.visibility ?? 'private',
      lastEditorId: viewer.id,
    });
    await replaceFiles(tx, created.id, files);
    return created;
  });
  return { ...presentProject(row, viewer), appFiles: await readAppFiles(db, row.id) };
}

/** The viewer's own projects, most recently edited first, without files. */
export async function listProjects(viewer: Viewer): Promise<ProjectSummary[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(projects)
    .where(eq(projects.ownerId, viewer.id))
    .orderBy(desc(projects.editedAt));
  return rows.map((row) => presentProject(row, viewer));
}

/** A project with its files, if the viewer may read it; otherwise NotFoundError. */
export async function getProjectForViewer(idOrSlug: string, viewer: Viewer | null): Promise<ProjectWithFiles> {
  const db = await getDb();
  const row = assertReadable(await findProject(db, idOrSlug), viewer);
  return { ...presentProject(row, viewer), appFiles: await readAppFiles(db, row.id) };
}

async function usernameOf(tx: Db, userId: string | null): Promise<string> {
  if (!userId) return 'unknown';
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? 'Guest';
}

/**
 * Save files and/or metadata in one transaction. The row is locked first, so of many concurrent saves
 * carrying the same editedAt exactly one wins; the others see the winner's newer editedAt and get 409.
 */
export async function saveProject(idOrSlug: string, viewer: Viewer, input: SaveProjectInput): Promise<ProjectSummary> {
  assertMayPublish(viewer, input.visibility);
  const files = prepareFiles(input.appFiles);
  const clientEditedAt = input.editedAt === undefined ? undefined : parseEditedAt(input.editedAt);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const locked = assertReadable(await findProject(tx, idOrSlug, { forUpdate: true }), viewer);
    // Frozen first: a readable frozen project (such as the blank base sb1) answers the spec's 422 to
    // anyone, which is what tells the client to fork instead of saving.
    if (files && locked.frozen) throw new FrozenError();
    const current = assertOwner(locked, viewer);
    const changes: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
    if (files) {
      if (clientEditedAt !== undefined && clientEditedAt < current.editedAt.getTime()) {
        throw new ConflictError('The project was changed by someone else', {
          lastEditor: await usernameOf(tx, current.lastEditorId),
          editedAt: current.editedAt.toISOString(),
        });
      }
      await replaceFiles(tx, current.id, files);
      // Strictly increasing, even when two saves land in the same millisecond.
      changes.editedAt = new Date(Math.max(Date.now(), current.editedAt.getTime() + 1));
      changes.lastEditorId = viewer.id;
    }
    if (input.title !== undefined) changes.title = input.title.trim() || DEFAULT_TITLE;
    if (input.visibility !== undefined) changes.visibility = input.visibility;
    const [updated] = await tx.update(projects).set(changes).where(eq(projects.id, current.id)).returning();
    return updated;
  });
  return presentProject(row, viewer);
}

/** Fork a readable project into a new private project of the viewer. Given files replace the source's. */
export async function forkProject(idOrSlug: string, viewer: Viewer, input: ForkProjectInput = {}): Promise<ProjectSummary> {
  const files = prepareFiles(input.appFiles);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const source = assertReadable(await findProject(tx, idOrSlug), viewer);
    const created = await insertProject(tx, {
      ownerId: viewer.id,
      title: input.title?.trim() || source.title,
      visibility: 'private',
      lastEditorId: viewer.id,
      forkedFrom: source.id,
    });
    if (files && files.length > 0) {
      await replaceFiles(tx, created.id, files);
    } else {
      await copyFiles(tx, source.id, created.id);
    }
    return created;
  });
  return presentProject(row, viewer);
}

/** Replace a project's files (the autosave call); see saveProject for conflict rules. */
export function saveFiles(
  idOrSlug: string,
  viewer: Viewer,
  appFiles: AppFilesInput,
  editedAt?: string | number,
): Promise<ProjectSummary> {
  return saveProject(idOrSlug, viewer, { appFiles, editedAt });
}

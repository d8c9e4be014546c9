import { eq, or, sql } from 'drizzle-orm';
import { type Viewer } from '../auth/viewer';
import { type Db } from '../db/client';
import { projects } from '../db/schema';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../http/errors';

export type ProjectRow = typeof projects.$inferSelect;

/** Match an id or a slug; an exact id wins if both exist. */
export function projectWhere(idOrSlug: string) {
  return or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug));
}

export async function findProject(db: Db, idOrSlug: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(projects)
    .where(projectWhere(idOrSlug))
    .orderBy(sql`(${projects.id} = ${idOrSlug}) DESC`)
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export function isOwner(project: ProjectRow, viewer: Viewer | null): boolean {
  return viewer !== null && project.ownerId === viewer.id;
}

export function canRead(project: ProjectRow, viewer: Viewer | null): boolean {
  return project.visibility === 'public' || isOwner(project, viewer);
}

/** Readable project or 404 (a private project of someone else does not exist for the caller). */
export function assertReadable(project: ProjectRow | undefined, viewer: Viewer | null): ProjectRow {
  if (!project || !canRead(project, viewer)) {
    throw new NotFoundError('Project not found');
  }
  return project;
}

/** Owner only: anonymous 401, not readable 404, readable but not theirs 403. */
export function assertOwner(project: ProjectRow | undefined, viewer: Viewer | null): ProjectRow {
  if (!viewer) {
    throw new UnauthorizedError();
  }
  const readable = assertReadable(project, viewer);
  if (!isOwner(readable, viewer)) {
    throw new ForbiddenError('Only the owner can change this project');
  }
  return readable;
}

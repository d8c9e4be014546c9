import { type Viewer } from '../auth/viewer';
import { type AppFile } from './app-files';
import { isOwner, type ProjectRow } from './access';

/** A project as the API answers it (save, fork, list). `organization` is reserved for teams. */
export type ProjectSummary = {
  id: string;
  slug: string;
  title: string;
  editedAt: string;
  access: 'owner' | 'viewer';
  visibility: 'private' | 'public';
  frozen: boolean;
  organization: null;
  forkedFrom: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ProjectWithFiles = ProjectSummary & { appFiles: Record<string, AppFile> };

export function presentProject(row: ProjectRow, viewer: Viewer | null): ProjectSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    editedAt: row.editedAt.toISOString(),
    access: isOwner(row, viewer) ? 'owner' : 'viewer',
    visibility: row.visibility,
    frozen: row.frozen,
    organization: null,
    forkedFrom: row.forkedFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

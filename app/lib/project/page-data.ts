/** What the project route's loader hands the page. Client-safe: types only, no server imports. */
import type { SandboxConfig } from '~/lib/sandbox';
import type { Viewer } from '~/lib/stores/auth';
import type { ChatMessage } from '~/lib/stores/chat';

export interface ProjectInfo {
  id: string;
  slug: string;
  title: string;
  /** ISO time of the last saved change; saves send it back to detect conflicts. */
  editedAt: string;
  frozen: boolean;
  /** The viewer owns it (account or guest session) and may save. */
  isOwner: boolean;
  /** Public projects can be read (not changed) by anyone with the link. */
  visibility: 'private' | 'public';
}

export interface SavedFile {
  content: string;
  isBinary: boolean;
  /** Binary files: the uploaded bytes, served at /api/storage/blobs/{blobId}/{name}. */
  blobId?: string | null;
}

export interface ProjectPageData {
  project: ProjectInfo;
  /** Saved files by relative path ('src/App.tsx'). */
  files: Record<string, SavedFile>;
  messages: ChatMessage[];
  sandbox: SandboxConfig;
  viewer: Viewer | null;
}

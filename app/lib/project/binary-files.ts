/**
 * Binary project files travel as blobs (issue 3): the text save rules (spec §5) leave binaries out of
 * the saved text, so on save their bytes are uploaded once per content and the project stores only a
 * reference (`blobId`); on open the referenced bytes are fetched back into the sandbox.
 */
import { blobUrl, type UploadFile, type UploadResult } from '~/lib/api/direct-upload';
import { isIgnoredPath } from '~/lib/stores/file-rules';
import { getErrorMessage } from '~/utils/errors';
import { selectFilesToSave, type SavableFile } from './ignore-files';

/** Larger binaries are not stored with the project (a warning says so). */
export const MAX_BINARY_BYTES = 10 * 1024 * 1024;

export const MALFORMED_PROJECT_FILE = 'malformed project file';

export const uploadFailedMessage = (name: string) => `Failed to upload file: ${name}`;

/** An `appFiles` entry that points at stored bytes instead of carrying text. */
export interface BinaryAppFile {
  type: 'file';
  fullPath: string;
  name: string;
  contents: '';
  isBinary: true;
  blobId: string;
}

/** A saved file as the page receives it; binaries carry their blob reference. */
export interface SavedProjectFile extends SavableFile {
  blobId?: string | null;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The binary files that belong in the saved project: outside node_modules and dot folders, and kept by
 * every spec §5 rule except "binary" itself (lock files, favicons, the assistant folder, ignore patterns).
 */
export function binaryPathsToSave(files: Readonly<Record<string, SavableFile | undefined>>): string[] {
  const asText: Record<string, SavableFile> = {};
  for (const [path, file] of Object.entries(files)) {
    if (file?.isBinary && !isIgnoredPath(path)) {
      asText[path] = { content: '', isBinary: false };
    }
  }
  // The ignore patterns are read from the project's own (text) files.
  for (const [path, file] of Object.entries(files)) {
    if (file && !file.isBinary && !(path in asText)) asText[path] = file;
  }
  return Object.keys(selectFilesToSave(asText))
    .filter((path) => files[path]?.isBinary)
    .sort();
}

export async function sha1Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface BinaryFilesDeps {
  readFile(path: string): Promise<Uint8Array>;
  upload(file: UploadFile): Promise<Pick<UploadResult, 'signed_id'>>;
  onUploadFailed(message: string): void;
  warn?: (message: string) => void;
  maxBytes?: number;
}

export interface BinaryFiles {
  /** Upload the binaries of `files` not stored yet; resolves once entries() describes them. */
  prepare(files: Readonly<Record<string, SavableFile | undefined>>): Promise<void>;
  /** The binary appFiles entries from the last prepare(). */
  entries(): Record<string, BinaryAppFile>;
  /** Bytes already stored under this blob (e.g. restored on open): no upload needed for them. */
  remember(bytes: Uint8Array, blobId: string): Promise<void>;
  /** A saved binary that could not be loaded: saves keep its reference, unless a file takes its path. */
  carry(path: string, blobId: string): void;
}

function binaryEntry(path: string, blobId: string): BinaryAppFile {
  return { type: 'file', fullPath: path, name: baseName(path), contents: '', isBinary: true, blobId };
}

export function createBinaryFiles(deps: BinaryFilesDeps): BinaryFiles {
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  const maxBytes = deps.maxBytes ?? MAX_BINARY_BYTES;
  /** Content hash → blob id, so unchanged bytes are uploaded once per session. */
  const blobIdByHash = new Map<string, string>();
  /** Concurrent saves of the same bytes share one upload. */
  const uploading = new Map<string, Promise<string | null>>();
  let current: Record<string, BinaryAppFile> = {};
  const carried = new Map<string, string>();

  async function blobIdFor(path: string): Promise<string | null> {
    const name = baseName(path);
    let bytes: Uint8Array;
    try {
      bytes = await deps.readFile(path);
    } catch (error) {
      warn(`Could not read ${path} to save it: ${getErrorMessage(error)}`);
      return null;
    }
    if (bytes.byteLength > maxBytes) {
      warn(`${path} is not saved: ${bytes.byteLength} bytes is more than ${maxBytes}`);
      return null;
    }
    const hash = await sha1Hex(bytes);
    const known = blobIdByHash.get(hash);
    if (known) return known;
    let running = uploading.get(hash);
    if (!running) {
      const file = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' });
      running = deps
        .upload(Object.assign(file, { name }))
        .then((result) => {
          blobIdByHash.set(hash, result.signed_id);
          return result.signed_id;
        })
        .catch(() => {
          deps.onUploadFailed(uploadFailedMessage(name));
          return null;
        })
        .finally(() => uploading.delete(hash));
      uploading.set(hash, running);
    }
    return running;
  }

  return {
    async prepare(files) {
      const next: Record<string, BinaryAppFile> = {};
      for (const [path, blobId] of carried) {
        if (files[path]) carried.delete(path);
        else next[path] = binaryEntry(path, blobId);
      }
      for (const path of binaryPathsToSave(files)) {
        const blobId = await blobIdFor(path);
        if (blobId) next[path] = binaryEntry(path, blobId);
      }
      current = next;
    },
    entries: () => current,
    async remember(bytes, blobId) {
      blobIdByHash.set(await sha1Hex(bytes), blobId);
    },
    carry(path, blobId) {
      carried.set(path, blobId);
    },
  };
}

export interface LoadBinariesDeps {
  fetch: typeof fetch;
  binaries?: Pick<BinaryFiles, 'remember' | 'carry'>;
  warn?: (message: string) => void;
}

/**
 * The saved binaries' bytes, ready to mount; entries without a blob reference are skipped and logged.
 * One that cannot be fetched now is carried: a save must not drop it for a passing network error.
 */
export async function loadSavedBinaries(
  files: Readonly<Record<string, SavedProjectFile>>,
  deps: LoadBinariesDeps,
): Promise<Array<{ path: string; content: Uint8Array }>> {
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  const loaded: Array<{ path: string; content: Uint8Array }> = [];
  for (const [path, file] of Object.entries(files)) {
    if (!file.isBinary && !file.blobId) continue;
    if (!file.blobId) {
      if (file.content === '') warn(`${MALFORMED_PROJECT_FILE}: ${path}`);
      continue;
    }
    try {
      const response = await deps.fetch(blobUrl(file.blobId, baseName(path)));
      if (!response.ok) throw new Error(`status ${response.status}`);
      const content = new Uint8Array(await response.arrayBuffer());
      await deps.binaries?.remember(content, file.blobId);
      loaded.push({ path, content });
    } catch (error) {
      warn(`Could not load ${path}: ${getErrorMessage(error)}`);
      deps.binaries?.carry(path, file.blobId);
    }
  }
  return loaded;
}

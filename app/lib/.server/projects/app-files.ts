import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BadRequestError } from '../http/errors';

export const MAX_PATH_LENGTH = 1024;
export const MAX_SEGMENT_LENGTH = 255;
export const MAX_FILES = 20_000;

/** One entry of `appFiles` as clients send it (the key of the map is the path). */
export const appFileInputSchema = z
  .object({
    type: z.enum(['file', 'folder']).default('file'),
    fullPath: z.string().optional(),
    name: z.string().optional(),
    contents: z.string().default(''),
    isBinary: z.boolean().default(false),
    blobId: z.string().min(1).max(200).nullable().optional(),
    lastModified: z.union([z.number().finite(), z.string()]).optional(),
  })
  .strict();

export const appFilesInputSchema = z.record(z.string(), appFileInputSchema);
export type AppFilesInput = z.infer<typeof appFilesInputSchema>;

/** What the API answers for each path. */
export type AppFile = {
  fullPath: string;
  contents: string;
  name: string;
  isBinary: boolean;
  type: 'file' | 'folder';
  lastModified: number;
  blobId: string | null;
};

/** A validated file ready to store: content is hashed so identical bodies are stored once. */
export type NormalizedFile = {
  path: string;
  type: 'file' | 'folder';
  contents: string;
  contentHash: string | null;
  size: number;
  isBinary: boolean;
  blobId: string | null;
  lastModified: Date;
};

export function contentHash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** Why a path is refused, or undefined when it is a safe relative path. */
export function pathProblem(path: string): string | undefined {
  if (path.length === 0) return 'empty path';
  if (path.length > MAX_PATH_LENGTH) return `path longer than ${MAX_PATH_LENGTH} characters`;
  if (path.includes('\0')) return 'path contains a NUL character';
  if (path.includes('\\')) return 'path contains a backslash';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'path is absolute';
  for (const segment of path.split('/')) {
    if (segment === '') return 'path has an empty segment';
    if (segment === '.' || segment === '..') return `path has a "${segment}" segment`;
    if (segment.length > MAX_SEGMENT_LENGTH) return `path segment longer than ${MAX_SEGMENT_LENGTH} characters`;
  }
  return undefined;
}

function toDate(value: number | string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/**
 * Validate every path first (400 naming the first bad one, so nothing partial is stored) and
 * normalise: trailing slashes stripped (spec §5), fullPath must agree with its key.
 */
export function normalizeAppFiles(input: AppFilesInput, now = new Date()): NormalizedFile[] {
  const entries = Object.entries(input);
  if (entries.length > MAX_FILES) {
    throw new BadRequestError([{ field: 'appFiles', message: `more than ${MAX_FILES} files` }]);
  }
  const seen = new Set<string>();
  const files: NormalizedFile[] = [];
  for (const [key, entry] of entries) {
    const path = key.replace(/\/+$/, '');
    const problem = pathProblem(path);
    if (problem) {
      throw new BadRequestError([{ field: 'appFiles', message: `${problem}: ${JSON.stringify(key.slice(0, 200))}` }]);
    }
    if (entry.fullPath !== undefined && entry.fullPath.replace(/\/+$/, '') !== path) {
      throw new BadRequestError([{ field: 'appFiles', message: `fullPath does not match its key: ${JSON.stringify(path)}` }]);
    }
    if (seen.has(path)) {
      throw new BadRequestError([{ field: 'appFiles', message: `duplicate path: ${JSON.stringify(path)}` }]);
    }
    seen.add(path);
    const isFile = entry.type === 'file';
    const contents = isFile ? entry.contents : '';
    files.push({
      path,
      type: entry.type,
      contents,
      contentHash: isFile ? contentHash(contents) : null,
      size: Buffer.byteLength(contents, 'utf8'),
      isBinary: isFile && entry.isBinary,
      blobId: isFile ? (entry.blobId ?? null) : null,
      lastModified: toDate(entry.lastModified, now),
    });
  }
  return files;
}

export function totalSize(files: NormalizedFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

export function toAppFile(file: {
  path: string;
  type: 'file' | 'folder';
  contents: string;
  isBinary: boolean;
  blobId: string | null;
  lastModified: Date;
}): AppFile {
  return {
    fullPath: file.path,
    contents: file.contents,
    name: file.path.slice(file.path.lastIndexOf('/') + 1),
    isBinary: file.isBinary,
    type: file.type,
    lastModified: file.lastModified.getTime(),
    blobId: file.blobId,
  };
}

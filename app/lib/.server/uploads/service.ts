import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { type Viewer } from '../auth/viewer';
import { getDb } from '../db/client';
import { blobs, projectFiles, projects } from '../db/schema';
import { getEnv } from '../env';
import { ConflictError, ForbiddenError, HttpError, NotFoundError, TooLargeError } from '../http/errors';
import { assertOwner, canRead, findProject } from '../projects/access';
import {
  contentTypeSchema,
  DEFAULT_CONTENT_TYPE,
  filenameSchema,
  MAX_BLOB_BYTES,
  md5Base64,
  md5ChecksumSchema,
} from './blob-metadata';
import { type BlobStore } from './blob-store';
import { readBodyBytes } from './read-body';
import { signToken, verifyToken } from './signed-token';
import { getBlobStore } from './store-from-env';

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

/** spec §3 Blob record (direct upload). */
export const directUploadInputSchema = z
  .object({
    blob: z
      .object({
        filename: filenameSchema,
        content_type: z.union([contentTypeSchema, z.literal('')]).optional(),
        byte_size: z.number().int().min(0).max(MAX_BLOB_BYTES, `byte_size must be at most ${MAX_BLOB_BYTES}`),
        checksum: md5ChecksumSchema,
      })
      .strict(),
  })
  .strict();
export type DirectUploadInput = z.infer<typeof directUploadInputSchema>;

export type DirectUploadCreated = {
  signed_id: string;
  filename: string;
  content_type: string;
  byte_size: number;
  checksum: string;
  direct_upload: { url: string; headers: Record<string, string> };
};

export type StoredBlob = { signed_id: string; filename: string; url: string };

const uploadTokenSchema = z.object({ bid: z.string(), exp: z.number() });

class UnprocessableError extends HttpError {
  constructor(message: string) {
    super(422, [message]);
  }
}

/** Record stored bytes; if the record cannot be written, remove the bytes so nothing is orphaned. */
async function insertOrForget(store: BlobStore, key: string, insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

function newSignedId(): string {
  return randomBytes(24).toString('base64url');
}

/** Where a stored blob is served (spec §7: a storage blobs path by signed id and name). */
export function blobPath(signedId: string, filename: string): string {
  return `/api/storage/blobs/${signedId}/${encodeURIComponent(filename)}`;
}

/**
 * Create a blob record awaiting its bytes and a signed, expiring URL to PUT them to. The URL itself is
 * the permission, so the browser's PUT needs no cookie.
 */
export async function createDirectUpload(viewer: Viewer, input: DirectUploadInput, origin: string): Promise<DirectUploadCreated> {
  const { filename, byte_size, checksum } = input.blob;
  const contentType = input.blob.content_type || DEFAULT_CONTENT_TYPE;
  const id = randomUUID();
  const signedId = newSignedId();
  const db = await getDb();
  await db.insert(blobs).values({
    id,
    signedId,
    filename,
    contentType,
    byteSize: byte_size,
    checksum,
    ownerId: viewer.id,
    storagePath: id,
  });
  const { token } = signToken('direct-upload', { bid: id }, { secret: getEnv().SESSION_SECRET, ttlSeconds: UPLOAD_URL_TTL_SECONDS });
  return {
    signed_id: signedId,
    filename,
    content_type: contentType,
    byte_size,
    checksum,
    direct_upload: {
      url: new URL(`/api/storage/uploads/${token}`, origin).toString(),
      headers: { 'Content-Type': contentType, 'Content-MD5': checksum },
    },
  };
}

/**
 * Receive the bytes of a direct upload. They must match the declared size and MD5, else 422 and nothing
 * is stored; a blob receives its bytes once (409 after that).
 */
export async function receiveDirectUpload(token: string, request: Request): Promise<void> {
  const claims = verifyToken('direct-upload', token, uploadTokenSchema, { secret: getEnv().SESSION_SECRET });
  if (!claims) {
    throw new ForbiddenError('Invalid or expired upload URL');
  }
  const db = await getDb();
  const [blob] = await db.select().from(blobs).where(eq(blobs.id, claims.bid));
  if (!blob) {
    throw new NotFoundError('Blob not found');
  }
  if (blob.uploadedAt) {
    throw new ConflictError('Blob was already uploaded');
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(request, blob.byteSize);
  } catch (error) {
    if (error instanceof TooLargeError) throw new UnprocessableError('Upload size does not match byte_size');
    throw error;
  }
  if (bytes.byteLength !== blob.byteSize) {
    throw new UnprocessableError('Upload size does not match byte_size');
  }
  if (md5Base64(bytes) !== blob.checksum) {
    throw new UnprocessableError('Upload checksum does not match');
  }
  await getBlobStore().put(blob.storagePath, bytes, blob.contentType);
  const marked = await db
    .update(blobs)
    .set({ uploadedAt: new Date() })
    .where(and(eq(blobs.id, blob.id), isNull(blobs.uploadedAt)))
    .returning({ id: blobs.id });
  if (marked.length === 0) {
    // A concurrent PUT of the same (verified, identical) bytes won; the stored object is the same.
    throw new ConflictError('Blob was already uploaded');
  }
}

/** Upload a binary straight into a project (owner only). The body is the file; its MD5 is computed here. */
export async function uploadProjectBlob(
  idOrSlug: string,
  viewer: Viewer,
  request: Request,
  meta: { filename: string; contentType: string },
): Promise<StoredBlob> {
  const db = await getDb();
  const project = assertOwner(await findProject(db, idOrSlug), viewer);
  const bytes = await readBodyBytes(request, MAX_BLOB_BYTES);
  const id = randomUUID();
  const signedId = newSignedId();
  const store = getBlobStore();
  await store.put(id, bytes, meta.contentType);
  await insertOrForget(store, id, () => db.insert(blobs).values({
    id,
    signedId,
    filename: meta.filename,
    contentType: meta.contentType,
    byteSize: bytes.byteLength,
    checksum: md5Base64(bytes),
    projectId: project.id,
    ownerId: viewer.id,
    storagePath: id,
    uploadedAt: new Date(),
  }));
  return { signed_id: signedId, filename: meta.filename, url: blobPath(signedId, meta.filename) };
}

/**
 * Readers of a blob: its uploader; whoever may read the project it was uploaded to; whoever may read a
 * project whose saved files reference it (a direct upload attached by a save).
 */
async function mayRead(blob: typeof blobs.$inferSelect, viewer: Viewer | null): Promise<boolean> {
  if (viewer && viewer.id === blob.ownerId) return true;
  const db = await getDb();
  if (blob.projectId) {
    const project = await findProject(db, blob.projectId);
    if (project && canRead(project, viewer)) return true;
  }
  const referencing = await db
    .selectDistinct({ project: projects })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .where(eq(projectFiles.blobId, blob.signedId))
    .limit(50);
  return referencing.some((row) => canRead(row.project, viewer));
}

/** A stored blob's bytes and metadata for a reader; anything else (unknown, not uploaded, not allowed) is 404. */
export async function readBlob(signedId: string, viewer: Viewer | null) {
  const db = await getDb();
  const [blob] = await db.select().from(blobs).where(eq(blobs.signedId, signedId));
  if (!blob || !blob.uploadedAt || !(await mayRead(blob, viewer))) {
    throw new NotFoundError('Blob not found');
  }
  const bytes = await getBlobStore().get(blob.storagePath);
  if (!bytes) {
    throw new NotFoundError('Blob not found');
  }
  return { bytes, filename: blob.filename, contentType: blob.contentType, checksum: blob.checksum };
}

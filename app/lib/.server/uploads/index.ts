/** Public surface of uploads (direct uploads, project binaries, blob serving) for routes. */
export {
  createDirectUpload,
  receiveDirectUpload,
  uploadProjectBlob,
  readBlob,
  blobPath,
  directUploadInputSchema,
  UPLOAD_URL_TTL_SECONDS,
  type DirectUploadInput,
  type DirectUploadCreated,
  type StoredBlob,
} from './service';
export { MAX_BLOB_BYTES, DEFAULT_CONTENT_TYPE, filenameSchema, contentTypeSchema, contentDisposition, isInlineContentType, md5Base64 } from './blob-metadata';
export { type BlobStore } from './blob-store';
export { createDiskBlobStore } from './disk-store';
export { createS3BlobStore, type S3Config } from './s3-store';
export { getBlobStore, createBlobStoreFromEnv } from './store-from-env';
export { signToken, verifyToken, type TokenPurpose } from './signed-token';
export { readBodyBytes, discardBody, respondDrainingBody } from './read-body';

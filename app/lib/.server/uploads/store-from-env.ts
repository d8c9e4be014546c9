import path from 'node:path';
import { type Env, getEnv } from '../env';
import { type BlobStore } from './blob-store';
import { createDiskBlobStore } from './disk-store';
import { createS3BlobStore } from './s3-store';

/** S3 when all four S3 variables are set, otherwise files under DATA_DIR/blobs. */
export function createBlobStoreFromEnv(env: Env): BlobStore {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return createS3BlobStore({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    });
  }
  return createDiskBlobStore(path.join(env.DATA_DIR, 'blobs'));
}

let current: BlobStore | undefined;

/** The process-wide blob store, created on first use. */
export function getBlobStore(): BlobStore {
  current ??= createBlobStoreFromEnv(getEnv());
  return current;
}

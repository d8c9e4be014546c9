/** Where blob bytes live. Keys are opaque, '/'-free identifiers chosen by the uploads service. */
export interface BlobStore {
  /** Store the bytes under key, replacing nothing that is half-written: readers see all or nothing. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under key. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]{1,200}$/;

/** Keys become file names and URL paths: refuse anything that could escape either. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key.slice(0, 50))}`);
  }
}

import { Md5, toBase64 } from './md5';

/** spec §9: files are read and hashed 2,097,152 bytes at a time. */
export const CHECKSUM_CHUNK_BYTES = 2_097_152;

/** Something with a name that can be read in slices: a browser File, or a Blob given a name. */
export interface NamedBlob {
  readonly name: string;
  readonly size: number;
  slice(start?: number, end?: number): Blob;
}

/** The base64 MD5 of a file, read chunk by chunk. A read failure is 'Error reading {file}'. */
export async function computeChecksum(file: NamedBlob): Promise<string> {
  const md5 = new Md5();
  for (let start = 0; start < file.size || (start === 0 && file.size === 0); start += CHECKSUM_CHUNK_BYTES) {
    let chunk: ArrayBuffer;
    try {
      chunk = await file.slice(start, Math.min(start + CHECKSUM_CHUNK_BYTES, file.size)).arrayBuffer();
    } catch {
      throw new Error(`Error reading ${file.name}`);
    }
    md5.update(new Uint8Array(chunk));
    if (file.size === 0) break;
  }
  return toBase64(md5.digest());
}

import { assertBlobKey, type BlobStore } from './blob-store';
import { EMPTY_SHA256, sha256Hex, signRequest, type SigV4Credentials } from './sigv4';

export type S3Config = {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). Path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: SigV4Credentials;
  fetch?: typeof fetch;
  now?: () => Date;
};

/** An S3-compatible store (AWS S3, MinIO, R2, …) with path-style URLs and SigV4-signed requests. */
export function createS3BlobStore(config: S3Config): BlobStore {
  const fetchImpl = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const base = config.endpoint.replace(/\/+$/, '');

  async function send(method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) {
    assertBlobKey(key);
    const url = new URL(`${base}/${encodeURIComponent(config.bucket)}/${key}`);
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      region: config.region,
      service: 's3',
      credentials: config.credentials,
      date: now(),
    });
    // Our bytes are always backed by a plain ArrayBuffer; the DOM typing only wants that spelled out.
    return fetchImpl(url, { method, headers: signed, body: body as Uint8Array<ArrayBuffer> | undefined });
  }

  async function fail(action: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new Error(`S3 ${action} failed with status ${response.status}: ${text.slice(0, 300)}`);
  }

  return {
    async put(key, bytes, contentType) {
      // S3 writes are atomic per object: a failed PUT leaves nothing under the key.
      const response = await send('PUT', key, bytes, { 'content-type': contentType });
      if (!response.ok) await fail('PUT', response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail('GET', response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('DELETE', response);
      await response.arrayBuffer();
    },
  };
}

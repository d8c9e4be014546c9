import { describe, expect, it } from 'vitest';
import { createS3BlobStore } from './s3-store';
import { EMPTY_SHA256, sha256Hex } from './sigv4';

type Seen = { method: string; url: string; headers: Record<string, string>; body?: Uint8Array };

function fakeS3(reply: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Seen = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: init.headers as Record<string, string>,
      body: init.body as Uint8Array | undefined,
    };
    seen.push(request);
    return reply(request);
  }) as typeof fetch;
  const store = createS3BlobStore({
    endpoint: 'http://127.0.0.1:9000/',
    bucket: 'kiln-blobs',
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
    fetch: fetchFn,
    now: () => new Date('2026-02-03T04:05:06Z'),
  });
  return { store, seen };
}

describe('S3 blob store', () => {
  it('PUTs path-style with a signed payload hash and the content type', async () => {
    const { store, seen } = fakeS3(() => new Response(null, { status: 200 }));
    const bytes = new TextEncoder().encode('hello');
    await store.put('blob-1', bytes, 'text/plain');
    expect(seen[0]).toMatchObject({ method: 'PUT', url: 'http://127.0.0.1:9000/kiln-blobs/blob-1' });
    expect(seen[0].headers).toMatchObject({
      'content-type': 'text/plain',
      'x-amz-date': '20260203T040506Z',
      'x-amz-content-sha256': sha256Hex(bytes),
      authorization: expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=AKID\/20260203\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      ),
    });
  });

  it('GETs bytes, and null for a missing key', async () => {
    const { store, seen } = fakeS3((request) => (request.url.endsWith('/there') ? new Response('abc') : new Response('<Error/>', { status: 404 })));
    expect(new TextDecoder().decode((await store.get('there'))!)).toBe('abc');
    expect(await store.get('missing')).toBeNull();
    expect(seen[0].headers['x-amz-content-sha256']).toBe(EMPTY_SHA256);
  });

  it.each([
    ['put', (s: ReturnType<typeof createS3BlobStore>) => s.put('k', new Uint8Array(1), 'a/b')],
    ['get', (s: ReturnType<typeof createS3BlobStore>) => s.get('k')],
    ['delete', (s: ReturnType<typeof createS3BlobStore>) => s.delete('k')],
  ])('%s throws on a server error, naming the status', async (_name, call) => {
    const { store } = fakeS3(() => new Response('<Error>SlowDown</Error>', { status: 503 }));
    await expect(call(store)).rejects.toThrow(/status 503/);
  });

  it('treats deleting a missing key as done and refuses unsafe keys', async () => {
    const { store } = fakeS3(() => new Response(null, { status: 404 }));
    await expect(store.delete('gone')).resolves.toBeUndefined();
    await expect(store.get('../other-bucket/x')).rejects.toThrow('Invalid blob key');
  });
});

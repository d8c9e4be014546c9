import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUploadForm, directUpload, uploadProjectFile } from '~/lib/api/direct-upload';
import { type ApiClient, backends, type KilnFixture, useKiln, type AccessWorld, buildAccessWorld, CALLERS } from './support';

const callers = CALLERS;
type Call = { method: string; path: string; body?: unknown; headers?: Record<string, string> };
type World = AccessWorld & {
  /** signed ids: uploaded into the private / public project, and a direct upload attached to none. */
  privateBlob: string;
  publicBlob: string;
  looseBlob: string;
};

const md5 = (bytes: Uint8Array | string) => createHash('md5').update(bytes).digest('base64');

type Created = { signed_id: string; direct_upload: { url: string; headers: Record<string, string> } };

async function createBlob(client: ApiClient, bytes: Uint8Array, blob: Record<string, unknown> = {}) {
  return client.post('/api/direct_uploads', {
    blob: { filename: 'data.bin', content_type: 'application/octet-stream', byte_size: bytes.byteLength, checksum: md5(bytes), ...blob },
  });
}

function put(created: Created, body: Uint8Array, headers: Record<string, string> = created.direct_upload.headers) {
  return fetch(created.direct_upload.url, { method: 'PUT', headers, body: body as Uint8Array<ArrayBuffer> });
}

async function uploadToProject(client: ApiClient, slug: string, bytes: Uint8Array, filename: string, contentType = 'image/png') {
  return client.request('POST', `/api/projects/${slug}/direct_uploads?filename=${encodeURIComponent(filename)}`, Buffer.from(bytes).toString('latin1'), {
    'content-type': contentType,
  });
}

async function buildWorld(kiln: KilnFixture): Promise<World> {
  const { owner, privateProject, publicProject, callers: worldCallers } = await buildAccessWorld(kiln, 'u');
  const bytes = new TextEncoder().encode('png-ish');
  const privateBlob = ((await uploadToProject(owner, privateProject.slug, bytes, 'p.png')).body as { signed_id: string }).signed_id;
  const publicBlob = ((await uploadToProject(owner, publicProject.slug, bytes, 'p.png')).body as { signed_id: string }).signed_id;
  const loose = (await createBlob(owner, bytes)).body as Created;
  expect((await put(loose, bytes)).status).toBe(204);
  return {
    owner,
    privateProject,
    publicProject,
    privateBlob,
    publicBlob,
    looseBlob: loose.signed_id,
    callers: worldCallers,
  };
}

const blobBody = { blob: { filename: 'x.txt', content_type: 'text/plain', byte_size: 1, checksum: md5('x') } };
const rawUpload = (slug: string): Call => ({ method: 'POST', path: `/api/projects/${slug}/direct_uploads?filename=a.png`, body: 'abc', headers: { 'content-type': 'image/png' } });

/** Expected status per caller: anonymous, other user, owner, owner token, revoked token. */
const matrix: Array<[string, (w: World) => Call, [number, number, number, number, number]]> = [
  ['POST /api/direct_uploads', () => ({ method: 'POST', path: '/api/direct_uploads', body: blobBody }), [401, 201, 201, 201, 401]],
  ['POST project upload (private)', (w) => rawUpload(w.privateProject.slug), [401, 404, 201, 201, 401]],
  ['POST project upload (public)', (w) => rawUpload(w.publicProject.slug), [401, 403, 201, 201, 401]],
  ['GET blob of private project', (w) => ({ method: 'GET', path: `/api/storage/blobs/${w.privateBlob}/p.png` }), [404, 404, 200, 200, 401]],
  ['GET blob of public project', (w) => ({ method: 'GET', path: `/api/storage/blobs/${w.publicBlob}/p.png` }), [200, 200, 200, 200, 401]],
  ['GET unattached direct upload', (w) => ({ method: 'GET', path: `/api/storage/blobs/${w.looseBlob}/data.bin` }), [404, 404, 200, 200, 401]],
  ['GET unknown blob', () => ({ method: 'GET', path: '/api/storage/blobs/nope/x.bin' }), [404, 404, 404, 404, 401]],
];
const cases = matrix.flatMap(([name, call, statuses]) => callers.map((caller, i) => ({ name, call, caller, status: statuses[i] })));

function blobFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'blobs'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

for (const backend of backends) {
  describe.skipIf(backend.skip)(`uploads API on ${backend.name}`, () => {
    const kiln = useKiln(backend);
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(kiln);
    });

    it.each(cases)('$name as $caller → $status', async ({ call, caller, status }) => {
      const { method, path: url, body, headers } = call(world);
      const response = await world.callers[caller].request(method, url, body, headers);
      expect(response.status, response.text).toBe(status);
      if (status >= 400) expect(response.body).toEqual({ errors: expect.any(Array) });
    });

    it('creates a blob record, stores the PUT bytes, and serves them with their type', async () => {
      const bytes = new Uint8Array(randomBytes(300_000));
      const created = await createBlob(world.owner, bytes, { filename: 'photo.jpg', content_type: 'image/jpeg' });
      expect(created.status, created.text).toBe(201);
      const record = created.body as Created;
      expect(record).toMatchObject({
        signed_id: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
        direct_upload: { url: expect.stringMatching(new RegExp(`^${kiln.url}/api/storage/uploads/`)), headers: { 'Content-Type': 'image/jpeg', 'Content-MD5': md5(bytes) } },
      });
      // Not readable before its bytes arrive.
      expect((await world.owner.get(`/api/storage/blobs/${record.signed_id}/photo.jpg`)).status).toBe(404);
      expect((await put(record, bytes)).status).toBe(204);
      const served = await fetch(`${kiln.url}/api/storage/blobs/${record.signed_id}/photo.jpg`, { headers: { cookie: world.owner.cookie ?? '' } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="photo.jpg"/);
      expect(md5(new Uint8Array(await served.arrayBuffer()))).toBe(md5(bytes));
      // A blob takes its bytes once.
      expect((await put(record, bytes)).status).toBe(409);
    });

    it.each([
      { name: 'a wrong checksum', body: (b: Uint8Array) => b.map((x) => x ^ 1), status: 422 },
      { name: 'fewer bytes than declared', body: (b: Uint8Array) => b.subarray(1), status: 422 },
      { name: 'more bytes than declared', body: (b: Uint8Array) => new Uint8Array([...b, 0]), status: 422 },
    ])('refuses $name with $status and stores nothing', async ({ body, status }) => {
      const before = blobFiles(kiln.server.dataDir);
      const bytes = new Uint8Array(randomBytes(1000));
      const record = (await createBlob(world.owner, bytes)).body as Created;
      const response = await put(record, body(bytes));
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ errors: [expect.stringMatching(/does not match/)] });
      expect(blobFiles(kiln.server.dataDir)).toEqual(before);
      expect((await world.owner.get(`/api/storage/blobs/${record.signed_id}/data.bin`)).status).toBe(404);
      // The right bytes are still accepted afterwards.
      expect((await put(record, bytes)).status).toBe(204);
    });

    it.each([
      { name: 'a tampered token', mangle: (url: string) => url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), status: 403 },
      { name: 'a token with no signature', mangle: (url: string) => url.slice(0, url.lastIndexOf('.')), status: 403 },
    ])('refuses a PUT with $name', async ({ mangle, status }) => {
      const bytes = new TextEncoder().encode('x');
      const record = (await createBlob(world.owner, bytes)).body as Created;
      const response = await fetch(mangle(record.direct_upload.url), { method: 'PUT', body: bytes });
      expect(response.status).toBe(status);
    });

    it.each([
      { name: 'no blob', body: {}, status: 400 },
      { name: 'a missing checksum', body: { blob: { filename: 'a', byte_size: 1 } }, status: 400 },
      { name: 'a checksum that is not base64 MD5', body: { blob: { filename: 'a', byte_size: 1, checksum: 'abc' } }, status: 400 },
      { name: 'a negative byte_size', body: { blob: { filename: 'a', byte_size: -1, checksum: md5('') } }, status: 400 },
      { name: 'a byte_size over the limit', body: { blob: { filename: 'a', byte_size: 1e12, checksum: md5('') } }, status: 400 },
      { name: 'a filename with a slash', body: { blob: { filename: '../a', byte_size: 1, checksum: md5('') } }, status: 400 },
      { name: 'a bad content_type', body: { blob: { filename: 'a', content_type: 'not a type', byte_size: 1, checksum: md5('') } }, status: 400 },
      { name: 'an unknown field', body: { blob: { filename: 'a', byte_size: 1, checksum: md5(''), extra: true } }, status: 400 },
      { name: 'malformed JSON', body: '{"blob":', status: 400 },
    ])('refuses a blob record with $name', async ({ body, status }) => {
      const response = await world.owner.post('/api/direct_uploads', body);
      expect(response.status, response.text).toBe(status);
      expect(response.body).toEqual({ errors: expect.any(Array) });
    });

    it('defaults content_type to application/octet-stream and serves non-images as attachments', async () => {
      const bytes = new TextEncoder().encode('<script>alert(1)</script>');
      const created = (await createBlob(world.owner, bytes, { filename: 'page.html', content_type: undefined })).body as Created & { content_type: string };
      expect(created.content_type).toBe('application/octet-stream');
      await put(created, bytes);
      const html = (await uploadToProject(world.owner, world.publicProject.slug, bytes, 'évil page.html', 'text/html')).body as { signed_id: string; url: string };
      expect(html.url).toBe(`/api/storage/blobs/${html.signed_id}/%C3%A9vil%20page.html`);
      const served = await fetch(`${kiln.url}${html.url}`);
      expect(served.headers.get('content-type')).toMatch(/^text\/html\b/);
      expect(served.headers.get('content-disposition')).toBe(`attachment; filename="_vil page.html"; filename*=UTF-8''%C3%A9vil%20page.html`);
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
    });

    it.each<{ name: string; query: string; headers: Record<string, string>; status: number }>([
      { name: 'no filename', query: '', headers: {}, status: 400 },
      { name: 'a filename with a slash', query: '?filename=a%2Fb', headers: {}, status: 400 },
      { name: 'a bad Content-Type', query: '?filename=a', headers: { 'content-type': 'garbage' }, status: 400 },
      { name: 'the filename in X-Filename', query: '', headers: { 'x-filename': encodeURIComponent('ünï.bin') }, status: 201 },
    ])('project upload with $name → $status', async ({ query, headers, status }) => {
      const response = await world.owner.request('POST', `/api/projects/${world.privateProject.slug}/direct_uploads${query}`, 'bytes', headers);
      expect(response.status, response.text).toBe(status);
    });

    it('works end to end with the browser helpers (direct upload, one at a time, project upload)', async () => {
      const viaCookie = ((input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input).startsWith('/') ? `${kiln.url}${String(input)}` : String(input);
        return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: world.owner.cookie ?? '' } });
      }) as typeof fetch;
      const big = new File([randomBytes(2_097_152 + 999)], 'big.bin', { type: 'application/octet-stream' });
      const result = await directUpload(big, { fetch: viaCookie, csrfToken: null });
      const served = await viaCookie(result.url);
      expect(md5(new Uint8Array(await served.arrayBuffer()))).toBe(md5(new Uint8Array(await big.arrayBuffer())));

      const signed: string[] = [];
      const form = createUploadForm({ fetch: viaCookie, csrfToken: null, onSignedId: (r) => signed.push(r.name) });
      const running = form.submit([new File(['a'], 'a.txt'), new File(['b'], 'b.txt')]);
      expect(await form.submit([new File(['c'], 'c.txt')])).toBeUndefined();
      expect((await running)?.length).toBe(2);
      expect(signed).toEqual(['a.txt', 'b.txt']);

      const token = (await world.owner.post('/api/tokens', { name: 'helper' })).body as { token: string };
      const uploaded = await uploadProjectFile(world.privateProject.slug, new File(['img'], 'i.png', { type: 'image/png' }), {
        baseUrl: kiln.url,
        token: token.token,
      });
      const image = await fetch(`${kiln.url}${uploaded.url}`, { headers: { authorization: `Bearer ${token.token}` } });
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(await image.text()).toBe('img');
    });

    it('serves a direct upload to readers of a project whose saved files reference it', async () => {
      const bytes = new TextEncoder().encode('attached');
      const record = (await createBlob(world.owner, bytes, { filename: 'att.bin' })).body as Created;
      await put(record, bytes);
      const anon = world.callers.anonymous;
      expect((await anon.get(`/api/storage/blobs/${record.signed_id}/att.bin`)).status).toBe(404);
      const saved = await world.owner.patch(`/api/projects/${world.publicProject.slug}`, {
        project: { appFiles: { 'att.bin': { type: 'file', contents: '', isBinary: true, blobId: record.signed_id } } },
      });
      expect(saved.status, saved.text).toBe(200);
      expect((await anon.get(`/api/storage/blobs/${record.signed_id}/att.bin`)).text).toBe('attached');
    });
  });
}

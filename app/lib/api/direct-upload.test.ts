import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createUploadForm, directUpload, uploadProjectFile } from './direct-upload';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fake server: POST creates a blob record, PUT stores; statuses are scriptable. */
function fakeServer(options: { createStatus?: number; storeStatus?: number; gate?: Promise<void> } = {}) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const call: Call = { url: String(input), method, headers: (init.headers ?? {}) as Record<string, string>, body: init.body };
    calls.push(call);
    if (method === 'POST') {
      if (options.createStatus) return new Response('{}', { status: options.createStatus });
      const blob = (JSON.parse(String(init.body)) as { blob: { checksum: string; filename: string } }).blob;
      return Response.json({ signed_id: `sig-${blob.filename}`, direct_upload: { url: `/put/${blob.filename}`, headers: { 'Content-MD5': blob.checksum } } }, { status: 201 });
    }
    await options.gate;
    return new Response(null, { status: options.storeStatus ?? 204 });
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls };
}

const file = (name: string, text = 'hello', type = 'text/plain') => new File([text], name, { type });

describe('directUpload (spec §4)', () => {
  it('computes the MD5, creates the blob record, PUTs the bytes with the returned headers, returns the result', async () => {
    const server = fakeServer();
    const result = await directUpload(file('a.txt'), { fetch: server.fetch, csrfToken: 'csrf-1' });
    expect(result).toEqual({ signed_id: 'sig-a.txt', url: '/api/storage/blobs/sig-a.txt/a.txt', name: 'a.txt' });
    const [create, put] = server.calls;
    expect(create.url).toBe('/api/direct_uploads');
    expect(create.headers).toMatchObject({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': 'csrf-1' });
    expect(JSON.parse(String(create.body))).toEqual({
      blob: { filename: 'a.txt', content_type: 'text/plain', byte_size: 5, checksum: createHash('md5').update('hello').digest('base64') },
    });
    expect(put).toMatchObject({ url: '/put/a.txt', method: 'PUT', headers: { 'Content-MD5': createHash('md5').update('hello').digest('base64') } });
    expect(await (put.body as Blob).text()).toBe('hello');
  });

  it('defaults the content type to application/octet-stream and omits a missing CSRF token', async () => {
    const server = fakeServer();
    await directUpload(file('raw', 'x', ''), { fetch: server.fetch, csrfToken: null });
    expect(JSON.parse(String(server.calls[0].body)).blob.content_type).toBe('application/octet-stream');
    expect(server.calls[0].headers).not.toHaveProperty('X-CSRF-Token');
  });

  it.each([
    { options: { createStatus: 422 }, message: 'Error creating Blob for "a.txt". Status: 422', calls: 1 },
    { options: { storeStatus: 500 }, message: 'Error storing "a.txt". Status: 500', calls: 2 },
  ])('fails with "$message"', async ({ options, message, calls }) => {
    const server = fakeServer(options);
    await expect(directUpload(file('a.txt'), { fetch: server.fetch, csrfToken: null })).rejects.toThrow(message);
    expect(server.calls).toHaveLength(calls);
  });
});

describe('createUploadForm', () => {
  it('uploads one file at a time, sets each signed id, and ignores a second submit while running', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const server = fakeServer({ gate });
    const signed: string[] = [];
    const form = createUploadForm({ fetch: server.fetch, csrfToken: null, onSignedId: (r) => signed.push(r.signed_id) });
    const first = form.submit([file('one.txt'), file('two.txt')]);
    expect(form.isUploading()).toBe(true);
    expect(await form.submit([file('three.txt')])).toBeUndefined();
    open();
    expect((await first)?.map((r) => r.name)).toEqual(['one.txt', 'two.txt']);
    expect(signed).toEqual(['sig-one.txt', 'sig-two.txt']);
    expect(server.calls.map((c) => c.method)).toEqual(['POST', 'PUT', 'POST', 'PUT']);
    expect(form.isUploading()).toBe(false);
  });

  it('reports a failure through onError, but not a cancellation', async () => {
    const errors: string[] = [];
    const failing = createUploadForm({ fetch: fakeServer({ storeStatus: 503 }).fetch, csrfToken: null, onError: (m) => errors.push(m) });
    expect(await failing.submit([file('b.bin')])).toBeUndefined();
    expect(errors).toEqual(['Error storing "b.bin". Status: 503']);

    const gate = new Promise<void>(() => undefined);
    const hanging = fakeServer({ gate });
    const abortable = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PUT') {
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return hanging.fetch(input, init);
    });
    const cancelled = createUploadForm({ fetch: abortable as unknown as typeof fetch, csrfToken: null, onError: (m) => errors.push(m) });
    const running = cancelled.submit([file('c.bin')]);
    await vi.waitFor(() => expect(abortable).toHaveBeenCalledTimes(2));
    cancelled.cancel();
    expect(await running).toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

describe('uploadProjectFile', () => {
  it('POSTs the raw file with ?filename= and a bearer token', async () => {
    const calls: Call[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body });
      return Response.json({ signed_id: 's1' }, { status: 201 });
    }) as typeof fetch;
    const result = await uploadProjectFile('my-app', file('logo one.png', 'png', 'image/png'), { fetch: fetchFn, token: 't', baseUrl: 'http://k' });
    expect(result).toEqual({ signed_id: 's1', url: '/api/storage/blobs/s1/logo%20one.png', name: 'logo one.png' });
    expect(calls[0].url).toBe('http://k/api/projects/my-app/direct_uploads?filename=logo%20one.png');
    expect(calls[0].headers).toMatchObject({ 'Content-Type': 'image/png', Authorization: 'Bearer t' });
  });

  it("fails with 'Failed to upload file: {name}'", async () => {
    const fetchFn = (async () => Response.json({ errors: ['no'] }, { status: 403 })) as typeof fetch;
    await expect(uploadProjectFile('p', file('x.png'), { fetch: fetchFn })).rejects.toThrow('Failed to upload file: x.png');
  });
});

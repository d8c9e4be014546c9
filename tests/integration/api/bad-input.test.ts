import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, backends, files, type ProjectBody, signUp, useKiln } from './support';

const appFilesError = { errors: [{ field: 'appFiles', message: expect.any(String) }] };

for (const backend of backends) {
  describe.skipIf(backend.skip)(`bad input on ${backend.name}`, () => {
    const kiln = useKiln(backend, { MAX_PROJECT_BYTES: '50000' });
    let client: ApiClient;
    let project: ProjectBody;

    beforeAll(async () => {
      ({ client } = await signUp(kiln, 'bad'));
      project = (await client.post('/api/projects', { project: { appFiles: files({ 'keep.txt': 'original' }) } })).body as ProjectBody;
    });

    async function storedFiles(): Promise<Record<string, string>> {
      const read = (await client.get(`/api/projects/${project.slug}`)).body as ProjectBody;
      return Object.fromEntries(Object.entries(read.appFiles).map(([path, file]) => [path, file.contents]));
    }

    it.each([
      ['parent segment', '../etc/passwd'],
      ['inner parent segment', 'src/../../x'],
      ['dot segment', 'src/./x'],
      ['absolute path', '/etc/passwd'],
      ['drive letter', 'C:/x'],
      ['backslash', 'src\\x'],
      ['NUL byte', 'a\u0000b'],
      ['empty segment', 'src//x'],
      ['empty path', ''],
      ['over-long path', `${'a/'.repeat(600)}x`],
      ['over-long segment', 'x'.repeat(256)],
    ])('refuses a %s in appFiles with 400 and stores nothing', async (_case, path) => {
      const response = await client.patch(`/api/projects/${project.slug}`, {
        project: { appFiles: { 'fine.txt': { type: 'file', contents: 'new' }, [path]: { type: 'file', contents: 'evil' } } },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(appFilesError);
      expect(await storedFiles()).toEqual({ 'keep.txt': 'original' });
    });

    it('refuses bad paths on create and fork too', async () => {
      const bad = { project: { appFiles: files({ '../x': 'evil' }) } };
      expect((await client.post('/api/projects', bad)).body).toEqual(appFilesError);
      expect((await client.post(`/api/projects/${project.slug}/fork`, bad)).status).toBe(400);
      expect(((await client.get('/api/projects')).body as { projects: unknown[] }).projects).toHaveLength(1);
    });

    it.each([
      ['malformed JSON', '{"project": {', 400],
      ['JSON that is not an object', '"just a string"', 400],
      ['wrong type for appFiles', JSON.stringify({ project: { appFiles: 'nope' } }), 400],
      ['wrong type for contents', JSON.stringify({ project: { appFiles: { 'a.txt': { contents: 42 } } } }), 400],
      ['wrong file type', JSON.stringify({ project: { appFiles: { 'a.txt': { type: 'symlink' } } } }), 400],
      ['unknown top-level field', JSON.stringify({ project: { title: 'x' }, admin: true }), 400],
      ['unknown project field', JSON.stringify({ project: { ownerId: 'someone' } }), 400],
      ['unknown file field', JSON.stringify({ project: { appFiles: { 'a.txt': { contents: '', mode: 777 } } } }), 400],
      ['empty project', JSON.stringify({ project: {} }), 400],
      ['bad editedAt', JSON.stringify({ project: { title: 'x' }, editedAt: 'yesterday-ish' }), 400],
      ['bad visibility', JSON.stringify({ project: { visibility: 'secret' } }), 400],
    ])('answers %s on PATCH with the status %s and an errors payload', async (_case, raw, status) => {
      const response = await client.request('PATCH', `/api/projects/${project.slug}`, raw);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ errors: expect.arrayContaining([expect.anything()]) });
      expect(await storedFiles()).toEqual({ 'keep.txt': 'original' });
    });

    it('answers 415 when the body is not declared as JSON', async () => {
      const response = await client.request('POST', '/api/projects', '{}', { 'content-type': 'text/plain' });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ errors: [expect.any(String)] });
    });

    it.each([
      ['signup', '/api/auth/signup'],
      ['tokens', '/api/tokens'],
      ['project save', '/api/projects'],
    ])('answers 413 to a huge %s body without reading it all', async (_case, path) => {
      const huge = JSON.stringify({ name: 'x'.repeat(3_000_000) });
      const response = await client.request('POST', path, huge);
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ errors: [expect.any(String)] });
    });

    it('answers 413 to a huge chunked body with no Content-Length', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ > 100) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${kiln.url}/api/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
    });

    it.each([
      ['messages of the wrong role', { messages: [{ id: 'a', role: 'system', content: 'x' }] }],
      ['messages with duplicate ids', { messages: [{ id: 'a', role: 'user', content: 'x' }, { id: 'a', role: 'user', content: 'y' }] }],
      ['messages that are not a list', { messages: 'x' }],
    ])('refuses %s with 400 and stores nothing', async (_case, body) => {
      const path = `/api/projects/${project.slug}/messages`;
      const response = await client.post(path, body);
      expect(response.status).toBe(400);
      expect((await client.get(path)).body).toEqual({ messages: [] });
    });

    it('answers 404 with an errors payload for unknown projects', async () => {
      const response = await client.get('/api/projects/does-not-exist');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ errors: ['Project not found'] });
    });
  });
}

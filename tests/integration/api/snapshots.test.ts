import { beforeAll, describe, expect, it } from 'vitest';
import { backends, files, type KilnFixture, type ProjectBody, signUp, useKiln, type AccessWorld, buildAccessWorld, CALLERS } from './support';

const callers = CALLERS;
type World = AccessWorld;
type Call = { method: string; path: string; body?: unknown };

const snapshotOf = (map: Record<string, unknown>) => JSON.stringify(map);

async function buildWorld(kiln: KilnFixture): Promise<World> {
  const world = await buildAccessWorld(kiln, 's', { 'a.txt': 'a' });
  for (const project of [world.privateProject, world.publicProject]) {
    const saved = await world.owner.post(`/api/snapshot/${project.id}`, { id: 'm0', snapshot: snapshotOf({ 'a.txt': { type: 'file', content: 'snap' } }) });
    if (saved.status !== 201) throw new Error(`snapshot setup failed: ${saved.text}`);
  }
  return world;
}

const save = (project: ProjectBody): Call => ({
  method: 'POST',
  path: `/api/snapshot/${project.slug}`,
  body: { id: 'm1', snapshot: snapshotOf({ 'b.txt': { type: 'file', content: 'b' } }) },
});

/** Expected status per caller: anonymous, other user, owner, owner token, revoked token. */
const matrix: Array<[string, (w: World) => Call, [number, number, number, number, number]]> = [
  ['POST snapshot of private project', (w) => save(w.privateProject), [401, 404, 201, 201, 401]],
  ['POST snapshot of public project', (w) => save(w.publicProject), [401, 403, 201, 201, 401]],
  ['GET list of private project', (w) => ({ method: 'GET', path: `/api/snapshot/${w.privateProject.id}` }), [404, 404, 200, 200, 401]],
  ['GET list of public project', (w) => ({ method: 'GET', path: `/api/snapshot/${w.publicProject.id}` }), [200, 200, 200, 200, 401]],
  ['GET snapshot of private project', (w) => ({ method: 'GET', path: `/api/snapshot/${w.privateProject.id}/m0` }), [404, 404, 200, 200, 401]],
  ['GET snapshot of public project', (w) => ({ method: 'GET', path: `/api/snapshot/${w.publicProject.slug}/m0` }), [200, 200, 200, 200, 401]],
  ['POST apply on private project', (w) => ({ method: 'POST', path: `/api/snapshot/${w.privateProject.id}/apply/m0` }), [401, 404, 200, 200, 401]],
  ['POST apply on public project', (w) => ({ method: 'POST', path: `/api/snapshot/${w.publicProject.id}/apply/m0` }), [401, 403, 200, 200, 401]],
];
const cases = matrix.flatMap(([name, call, statuses]) => callers.map((caller, i) => ({ name, call, caller, status: statuses[i] })));

for (const backend of backends) {
  describe.skipIf(backend.skip)(`snapshots API on ${backend.name}`, () => {
    const kiln = useKiln(backend, { MAX_PROJECT_BYTES: '200000' });
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(kiln);
    });

    it.each(cases)('$name as $caller → $status', async ({ call, caller, status }) => {
      const { method, path, body } = call(world);
      const response = await world.callers[caller].request(method, path, body);
      expect(response.status, response.text).toBe(status);
      if (status >= 400) expect(response.body).toEqual({ errors: expect.any(Array) });
    });

    it('saves, lists, reads and applies a snapshot: the project’s files become the snapshot’s', async () => {
      const { client } = await signUp(kiln, 's_flow');
      const project = (await client.post('/api/projects', { project: { appFiles: files({ 'src/a.ts': 'v1', 'old.txt': 'gone soon' }) } })).body as ProjectBody;
      const map = {
        src: { type: 'folder' },
        'src/a.ts': { type: 'file', content: 'v2 ✓', isBinary: false },
        'img/logo.png': { type: 'file', content: '', isBinary: true, blobId: 'blob-1' },
      };
      const saved = await client.post(`/api/snapshot/${project.slug}`, { id: 'msg-1', snapshot: snapshotOf(map) });
      expect(saved.status, saved.text).toBe(201);
      expect(saved.body).toEqual({ messageId: 'msg-1', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

      const listed = await client.get(`/api/snapshot/${project.id}`);
      expect(listed.body).toEqual({ snapshots: [saved.body] });

      const read = await client.get(`/api/snapshot/${project.id}/msg-1`);
      expect(read.body).toEqual({
        'img/logo.png': { type: 'file', content: '', isBinary: true, blobId: 'blob-1' },
        src: { type: 'folder' },
        'src/a.ts': { type: 'file', content: 'v2 ✓', isBinary: false },
      });

      const applied = await client.post(`/api/snapshot/${project.id}/apply/msg-1`);
      expect(applied.status, applied.text).toBe(200);
      const editedAt = (applied.body as { editedAt: string }).editedAt;
      expect(new Date(editedAt).getTime()).toBeGreaterThan(new Date(project.editedAt).getTime());
      const after = (await client.get(`/api/projects/${project.slug}`)).body as ProjectBody & { appFiles: Record<string, { contents: string; blobId: string | null }> };
      expect(after.editedAt).toBe(editedAt);
      expect(Object.keys(after.appFiles).sort()).toEqual(['img/logo.png', 'src', 'src/a.ts']);
      expect(after.appFiles['src/a.ts'].contents).toBe('v2 ✓');
      expect(after.appFiles['img/logo.png'].blobId).toBe('blob-1');
    });

    it('upserts per message id: saving again replaces the snapshot, the list keeps one entry', async () => {
      const { client } = await signUp(kiln, 's_upsert');
      const project = (await client.post('/api/projects', { project: {} })).body as ProjectBody;
      await client.post(`/api/snapshot/${project.id}`, { id: 'm', snapshot: snapshotOf({ 'a.txt': { type: 'file', content: '1' } }) });
      await client.post(`/api/snapshot/${project.id}`, { id: 'other', snapshot: snapshotOf({}) });
      const again = await client.post(`/api/snapshot/${project.id}`, { id: 'm', snapshot: snapshotOf({ 'b.txt': { type: 'file', content: '2' } }) });
      expect(again.status).toBe(201);
      expect((await client.get(`/api/snapshot/${project.id}/m`)).body).toEqual({ 'b.txt': { type: 'file', content: '2', isBinary: false } });
      const list = (await client.get(`/api/snapshot/${project.id}`)).body as { snapshots: Array<{ messageId: string }> };
      expect(list.snapshots.map((s) => s.messageId).sort()).toEqual(['m', 'other']);
    });

    it.each([
      { name: 'an unknown snapshot', path: (p: ProjectBody) => `/api/snapshot/${p.id}/nope`, method: 'GET', status: 404 },
      { name: 'apply of an unknown snapshot', path: (p: ProjectBody) => `/api/snapshot/${p.id}/apply/nope`, method: 'POST', status: 404 },
      { name: 'an unknown project', path: () => '/api/snapshot/no-such-project', method: 'GET', status: 404 },
      { name: 'GET on apply', path: (p: ProjectBody) => `/api/snapshot/${p.id}/apply/m0`, method: 'GET', status: 405 },
      { name: 'DELETE on a snapshot', path: (p: ProjectBody) => `/api/snapshot/${p.id}/m0`, method: 'DELETE', status: 405 },
    ])('answers $status to $name', async ({ path, method, status }) => {
      const response = await world.owner.request(method, path(world.privateProject));
      expect(response.status, response.text).toBe(status);
    });

    it.each([
      { name: 'a missing id', body: { snapshot: '{}' }, status: 400 },
      { name: 'an empty id', body: { id: '', snapshot: '{}' }, status: 400 },
      { name: 'a snapshot that is not a string', body: { id: 'x', snapshot: { 'a.txt': { type: 'file' } } }, status: 400 },
      { name: 'a snapshot that is not JSON', body: { id: 'x', snapshot: '{nope' }, status: 400 },
      { name: 'an unknown top-level field', body: { id: 'x', snapshot: '{}', extra: 1 }, status: 400 },
      { name: 'an entry with a bad type', body: { id: 'x', snapshot: snapshotOf({ a: { type: 'symlink' } }) }, status: 400 },
      { name: 'a .. path', body: { id: 'x', snapshot: snapshotOf({ '../../etc/passwd': { type: 'file', content: '' } }) }, status: 400 },
      { name: 'an absolute path', body: { id: 'x', snapshot: snapshotOf({ '/etc/passwd': { type: 'file', content: '' } }) }, status: 400 },
      { name: 'a NUL in a path', body: { id: 'x', snapshot: snapshotOf({ 'a\u0000.txt': { type: 'file', content: '' } }) }, status: 400 },
      { name: 'a backslash path', body: { id: 'x', snapshot: snapshotOf({ 'a\\..\\b': { type: 'file', content: '' } }) }, status: 400 },
      { name: 'contents over MAX_PROJECT_BYTES', body: { id: 'x', snapshot: snapshotOf({ big: { type: 'file', content: 'x'.repeat(200_001) } }) }, status: 413 },
      { name: 'malformed JSON', body: '{"id":', status: 400 },
    ])('refuses $name with $status and stores nothing', async ({ body, status }) => {
      const response = await world.owner.request('POST', `/api/snapshot/${world.privateProject.id}`, body);
      expect(response.status, response.text).toBe(status);
      expect(response.body).toEqual({ errors: expect.any(Array) });
      expect((await world.owner.get(`/api/snapshot/${world.privateProject.id}/x`)).status).toBe(404);
    });

    it('keeps the connection usable after refusing a large snapshot it did not read', async () => {
      const big = { id: 'big', snapshot: snapshotOf({ 'a.txt': { type: 'file', content: 'y'.repeat(150_000) } }) };
      for (let i = 0; i < 3; i++) {
        expect((await world.callers['other user'].post(`/api/snapshot/${world.privateProject.id}`, big)).status).toBe(404);
        expect((await world.callers.anonymous.post(`/api/snapshot/${world.privateProject.id}`, big)).status).toBe(401);
      }
      expect((await world.owner.get(`/api/snapshot/${world.privateProject.id}/m0`)).status).toBe(200);
    });

    it('refuses a body that is not JSON with 415', async () => {
      const response = await world.owner.request('POST', `/api/snapshot/${world.privateProject.id}`, 'id=x', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(response.status).toBe(415);
    });
  });
}

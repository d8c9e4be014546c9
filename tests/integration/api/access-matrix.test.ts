import { beforeAll, describe, expect, it } from 'vitest';
import { backends, files, type KilnFixture, useKiln, type AccessWorld, buildAccessWorld, type Caller } from './support';

type Call = { method: string; path: string; body?: unknown };
type World = AccessWorld;

const buildWorld = (kiln: KilnFixture): Promise<World> => buildAccessWorld(kiln, 'm', { 'a.txt': 'a' });

/** Expected status per caller, in the order anonymous, other user, owner, owner token, revoked token. */
const matrix: Array<[string, (w: World) => Call | Promise<Call>, [number, number, number, number, number]]> = [
  ['GET /api/projects', () => ({ method: 'GET', path: '/api/projects' }), [401, 200, 200, 200, 401]],
  ['POST /api/projects', () => ({ method: 'POST', path: '/api/projects', body: { project: {} } }), [401, 201, 201, 201, 401]],
  ['GET private project', (w) => ({ method: 'GET', path: `/api/projects/${w.privateProject.slug}` }), [404, 404, 200, 200, 401]],
  ['GET public project', (w) => ({ method: 'GET', path: `/api/projects/${w.publicProject.slug}` }), [200, 200, 200, 200, 401]],
  [
    'PATCH private project files',
    (w) => ({ method: 'PATCH', path: `/api/projects/${w.privateProject.slug}`, body: { project: { appFiles: files({ 'b.txt': 'b' }) } } }),
    [401, 404, 200, 200, 401],
  ],
  [
    'PATCH public project files',
    (w) => ({ method: 'PATCH', path: `/api/projects/${w.publicProject.slug}`, body: { project: { appFiles: files({ 'b.txt': 'b' }) } } }),
    [401, 403, 200, 200, 401],
  ],
  ['PATCH private project title', (w) => ({ method: 'PATCH', path: `/api/projects/${w.privateProject.id}`, body: { project: { title: 'T' } } }), [401, 404, 200, 200, 401]],
  ['POST fork private project', (w) => ({ method: 'POST', path: `/api/projects/${w.privateProject.slug}/fork`, body: {} }), [401, 404, 201, 201, 401]],
  ['POST fork public project', (w) => ({ method: 'POST', path: `/api/projects/${w.publicProject.slug}/fork`, body: {} }), [401, 201, 201, 201, 401]],
  ['POST fork sb1', () => ({ method: 'POST', path: '/api/projects/sb1/fork', body: { project: { appFiles: {} } } }), [401, 201, 201, 201, 401]],
  ['GET private messages', (w) => ({ method: 'GET', path: `/api/projects/${w.privateProject.slug}/messages` }), [404, 404, 200, 200, 401]],
  [
    'POST private messages',
    (w) => ({ method: 'POST', path: `/api/projects/${w.privateProject.slug}/messages`, body: { messages: [{ id: 'x', role: 'user', content: 'hi' }] } }),
    [401, 404, 200, 200, 401],
  ],
  [
    'POST public messages',
    (w) => ({ method: 'POST', path: `/api/projects/${w.publicProject.slug}/messages`, body: { messages: [{ id: 'x', role: 'user', content: 'hi' }] } }),
    [401, 403, 200, 200, 401],
  ],
  [
    'POST duplicate into private project',
    (w) => ({ method: 'POST', path: '/api/project/duplicate', body: { fromProjectId: w.publicProject.id, toProjectId: w.privateProject.id } }),
    [401, 404, 200, 200, 401],
  ],
  ['GET /api/tokens', () => ({ method: 'GET', path: '/api/tokens' }), [401, 200, 200, 200, 401]],
  ['POST /api/tokens', () => ({ method: 'POST', path: '/api/tokens', body: { name: 'n' } }), [401, 201, 201, 201, 401]],
  [
    'DELETE owner’s token',
    async (w) => {
      const token = (await w.owner.post('/api/tokens', { name: 'to delete' })).body as { id: string };
      return { method: 'DELETE', path: `/api/tokens/${token.id}` };
    },
    [401, 404, 204, 204, 401],
  ],
  ['GET /api/logged-in', () => ({ method: 'GET', path: '/api/logged-in' }), [200, 200, 200, 200, 401]],
];

const callers: Caller[] = ['anonymous', 'other user', 'owner', 'owner token', 'revoked token'];
const cases = matrix.flatMap(([name, call, statuses]) => callers.map((caller, i) => ({ name, call, caller, status: statuses[i] })));

for (const backend of backends) {
  describe.skipIf(backend.skip)(`access matrix on ${backend.name}`, () => {
    const kiln = useKiln(backend);
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(kiln);
    });

    it.each(cases)('$name as $caller → $status', async ({ call, caller, status }) => {
      const { method, path, body } = await call(world);
      const response = await world.callers[caller].request(method, path, body);
      expect(response.status, response.text).toBe(status);
      if (status >= 400) {
        expect(response.body).toEqual(expect.objectContaining({ errors: expect.anything() }));
      }
    });
  });
}

import { beforeAll, describe, expect, it } from 'vitest';
import { anonymous, ApiClient, backends, files, type KilnFixture, type ProjectBody, signUp, useKiln } from './support';

type Caller = 'anonymous' | 'other user' | 'owner' | 'owner token' | 'revoked token';
type Call = { method: string; path: string; body?: unknown };
type World = { owner: ApiClient; callers: Record<Caller, ApiClient>; privateProject: ProjectBody; publicProject: ProjectBody };

async function buildWorld(kiln: KilnFixture): Promise<World> {
  const { client: owner } = await signUp(kiln, 'm_owner');
  const { client: other } = await signUp(kiln, 'm_other');
  const live = (await owner.post('/api/tokens', { name: 'live' })).body as { token: string };
  const revoked = (await owner.post('/api/tokens', { name: 'revoked' })).body as { id: string; token: string };
  await owner.delete(`/api/tokens/${revoked.id}`);
  const privateProject = (await owner.post('/api/projects', { project: { title: 'Private', appFiles: files({ 'a.txt': 'a' }) } })).body as ProjectBody;
  const publicProject = (await owner.post('/api/projects', { project: { title: 'Public', visibility: 'public' } })).body as ProjectBody;
  return {
    owner,
    privateProject,
    publicProject,
    callers: {
      anonymous: anonymous(kiln),
      'other user': other,
      owner,
      'owner token': new ApiClient(() => kiln.url, { token: live.token }),
      'revoked token': new ApiClient(() => kiln.url, { token: revoked.token }),
    },
  };
}

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

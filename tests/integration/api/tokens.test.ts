import { describe, expect, it } from 'vitest';
import { anonymous, ApiClient, backends, signUp, useKiln } from './support';

type Created = { id: string; name: string; token: string };

for (const backend of backends) {
  describe.skipIf(backend.skip)(`access tokens API on ${backend.name}`, () => {
    const kiln = useKiln(backend);

    it('creates a token shown once, lists it without the secret, and accepts it as Bearer', async () => {
      const { client, user } = await signUp(kiln, 'tok');
      const created = await client.post('/api/tokens', { name: 'CI' });
      expect(created.status).toBe(201);
      const token = created.body as Created;
      expect(token).toEqual({ id: expect.any(String), name: 'CI', token: expect.stringMatching(/^kiln_pat_[A-Za-z0-9_-]{43}$/) });

      const bearer = new ApiClient(() => kiln.url, { token: token.token });
      expect((await bearer.get('/api/logged-in')).body).toEqual({ isLoggedIn: true });
      const list = await client.get('/api/tokens');
      expect(list.body).toEqual({ tokens: [{ id: token.id, name: 'CI', createdAt: expect.any(String), lastUsedAt: expect.any(String) }] });
      expect(list.text).not.toContain(token.token);
      const project = await bearer.post('/api/projects', { project: { title: 'Via token' } });
      expect(project.status).toBe(201);
      expect((await client.get('/api/projects')).body).toMatchObject({ projects: [{ title: 'Via token' }] });
      expect(user.username).toMatch(/^tok_/);
    });

    it('revokes a token: it then answers 401 and disappears from the list', async () => {
      const { client } = await signUp(kiln, 'revoke');
      const token = (await client.post('/api/tokens', { name: 'old' })).body as Created;
      expect((await client.delete(`/api/tokens/${token.id}`)).status).toBe(204);
      const bearer = new ApiClient(() => kiln.url, { token: token.token });
      const refused = await bearer.get('/api/projects');
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ errors: [expect.any(String)] });
      expect((await client.get('/api/tokens')).body).toEqual({ tokens: [] });
      expect((await client.delete(`/api/tokens/${token.id}`)).status).toBe(404);
    });

    it('answers 404 when deleting someone else’s token, which keeps working', async () => {
      const { client: owner } = await signUp(kiln, 'tok_owner');
      const { client: other } = await signUp(kiln, 'tok_other');
      const token = (await owner.post('/api/tokens', { name: 'mine' })).body as Created;
      expect((await other.delete(`/api/tokens/${token.id}`)).status).toBe(404);
      expect((await new ApiClient(() => kiln.url, { token: token.token }).get('/api/projects')).status).toBe(200);
    });

    it.each([
      ['a garbage token', 'Bearer kiln_pat_nope'],
      ['a non-Bearer scheme', 'Basic dXNlcjpwYXNz'],
    ])('answers 401 for %s', async (_case, authorization) => {
      const response = await anonymous(kiln).request('GET', '/api/projects', undefined, { authorization });
      expect(response.status).toBe(401);
    });
  });
}

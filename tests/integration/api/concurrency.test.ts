import { describe, expect, it } from 'vitest';
import { backends, files, type ProjectBody, signUp, useKiln } from './support';

for (const backend of backends) {
  describe.skipIf(backend.skip)(`concurrent saves on ${backend.name}`, () => {
    const kiln = useKiln(backend);

    it('20 saves carrying the same editedAt: exactly one 200, nineteen 409, the winner’s files stored', { timeout: 90_000 }, async () => {
      const { client, user } = await signUp(kiln, 'race');
      const project = (await client.post('/api/projects', { project: { appFiles: files({ 'a.txt': 'start' }) } })).body as ProjectBody;
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.patch(`/api/projects/${project.slug}`, {
            project: { appFiles: files({ 'a.txt': `writer ${i}`, [`only-${i}.txt`]: String(i) }) },
            editedAt: project.editedAt,
          }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const winner = statuses.indexOf(200);
      const winnerEditedAt = (responses[winner].body as ProjectBody).editedAt;
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(response.body).toEqual({ errors: [expect.any(String)], lastEditor: user.username, editedAt: winnerEditedAt });
      }
      const stored = (await client.get(`/api/projects/${project.slug}`)).body as ProjectBody;
      expect(stored.editedAt).toBe(winnerEditedAt);
      expect(Object.fromEntries(Object.entries(stored.appFiles).map(([path, file]) => [path, file.contents]))).toEqual({
        'a.txt': `writer ${winner}`,
        [`only-${winner}.txt`]: String(winner),
      });
    });

    it('saves to different projects in parallel all succeed', async () => {
      const { client } = await signUp(kiln, 'parallel');
      const projects = await Promise.all(
        Array.from({ length: 8 }, () => client.post('/api/projects', { project: {} }).then((r) => r.body as ProjectBody)),
      );
      // Same content in every project: the shared content rows must not deadlock or conflict.
      const responses = await Promise.all(
        projects.map((p) => client.patch(`/api/projects/${p.slug}`, { project: { appFiles: files({ 'same.txt': 'shared', 'b.txt': 'x' }) }, editedAt: p.editedAt })),
      );
      expect(responses.map((r) => r.status)).toEqual(projects.map(() => 200));
    });
  });
}

import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type KilnServer, startKiln } from '../../support/kiln-server';
import { ApiClient, backends, files, type ProjectBody } from './support';

for (const backend of backends) {
  describe.skipIf(backend.skip)(`SIGKILL during saves on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('loses no save that was answered 200', { timeout: 180_000 }, async () => {
      const env: Record<string, string> = {};
      if (backend.kind === 'postgres') {
        const database = await createTestDatabase();
        env.DATABASE_URL = database.url;
        cleanups.push(database.drop);
      }
      let server: KilnServer = await startKiln({ env });
      const dataDir = server.dataDir;
      cleanups.push(async () => {
        await server.stop();
      });
      const client = new ApiClient(() => server.url);
      await client.post('/api/auth/signup', { email: 'crash@example.test', password: 'longenough', username: 'crash' });
      const project = (await client.post('/api/projects', { project: {} })).body as ProjectBody;

      // A stream of saves, each from the editedAt the previous one returned; kill -9 mid-stream.
      let editedAt = project.editedAt;
      let lastAcknowledged = -1;
      const killAfter = 15;
      let version = 0;
      for (; ; version++) {
        const save = client.patch(`/api/projects/${project.slug}`, {
          project: { appFiles: files({ 'version.txt': String(version), [`file-${version % 3}.txt`]: 'x'.repeat(1000 * version) }) },
          editedAt,
        });
        if (version === killAfter) server.kill('SIGKILL');
        const outcome = await save.then(
          (response) => response,
          () => undefined,
        );
        if (!outcome || outcome.status !== 200) break;
        lastAcknowledged = version;
        editedAt = (outcome.body as ProjectBody).editedAt;
      }
      expect(lastAcknowledged).toBeGreaterThanOrEqual(killAfter - 1);
      await server.exited;

      server = await startKiln({ env, dataDir });
      const stored = (await client.get(`/api/projects/${project.slug}`)).body as ProjectBody;
      const storedVersion = Number(stored.appFiles['version.txt'].contents);
      // The in-flight save may or may not have committed; every acknowledged one must be there.
      expect(storedVersion).toBeGreaterThanOrEqual(lastAcknowledged);
      expect(storedVersion).toBeLessThanOrEqual(lastAcknowledged + 1);
      expect(Date.parse(stored.editedAt)).toBeGreaterThanOrEqual(Date.parse(editedAt));
      await server.stop();
      // startKiln did not create this data dir the second time, so remove it here.
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    });
  });
}

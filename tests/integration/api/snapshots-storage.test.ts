import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '~/lib/.server/db/client';
import { createTestDatabase, type KilnServer, startKiln } from '../../support/kiln-server';
import { type ApiClient, backends, type ProjectBody, signUp } from './support';

/** Deterministic, poorly compressible text, so sizes measure storage rather than compression luck. */
function noise(seed: number, length: number): string {
  let state = seed * 2654435761;
  let out = '';
  while (out.length < length) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += state.toString(36);
  }
  return out.slice(0, length);
}

const FILES = 10;
const FILE_BYTES = 20_000;
const SNAPSHOTS = 6;

for (const backend of backends) {
  describe.skipIf(backend.skip)(`snapshot storage is content-addressed on ${backend.name}`, () => {
    let server: KilnServer;
    let dataDir: string;
    let databaseUrl: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    let client: ApiClient;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-snapshot-storage-'));
      if (backend.kind === 'postgres') {
        const database = await createTestDatabase();
        databaseUrl = database.url;
        drop = database.drop;
      }
      server = await startKiln({ dataDir, env: { MAX_PROJECT_BYTES: String(2 * FILES * FILE_BYTES), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
      // The first request opens (and migrates) the database: keep that out of the test's time budget.
      ({ client } = await signUp({ server, url: server.url, env: {} }, 'storage'));
    });

    afterAll(async () => {
      await server?.stop();
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`stores each file body once across ${SNAPSHOTS} snapshots that change one file each`, async () => {
      const project = (await client.post('/api/projects', { project: {} })).body as ProjectBody;
      const map: Record<string, { type: 'file'; content: string }> = {};
      for (let i = 0; i < FILES; i++) map[`src/file-${i}.ts`] = { type: 'file', content: noise(i + 1, FILE_BYTES) };
      for (let n = 0; n < SNAPSHOTS; n++) {
        if (n > 0) map[`src/file-${n % FILES}.ts`] = { type: 'file', content: noise(1000 + n, FILE_BYTES) };
        const saved = await client.post(`/api/snapshot/${project.id}`, { id: `m${n}`, snapshot: JSON.stringify(map) });
        expect(saved.status, saved.text).toBe(201);
      }
      // Two snapshots share every unchanged file: reading the first back still gives its own bodies.
      const first = (await client.get(`/api/snapshot/${project.id}/m0`)).body as Record<string, { content: string }>;
      expect(first['src/file-1.ts'].content).toBe(noise(2, FILE_BYTES));
      if (!databaseUrl) await server.stop(); // PGlite is single-process: read the files once the server is gone.
      const handle = await openDb({ dataDir, databaseUrl });
      try {
        const result = await handle.db.execute<{ rows: string; bytes: string }>(
          sql`SELECT count(*)::text AS rows, coalesce(sum(size), 0)::text AS bytes FROM contents WHERE size = ${FILE_BYTES}`,
        );
        // Both drivers answer { rows }.
        const [{ rows: count, bytes }] = (result as unknown as { rows: Array<{ rows: string; bytes: string }> }).rows;
        // The original bodies plus one per later snapshot, not one full copy per snapshot.
        expect(Number(count)).toBe(FILES + SNAPSHOTS - 1);
        expect(Number(bytes)).toBe((FILES + SNAPSHOTS - 1) * FILE_BYTES);
        // A snapshot row holds only its root listing's hash, however many files the project has.
        const sizes = await handle.db.execute(sql`SELECT max(pg_column_size(entries))::text AS largest FROM snapshots`);
        const [{ largest }] = (sizes as unknown as { rows: Array<{ largest: string }> }).rows;
        expect(Number(largest)).toBeLessThan(200);
      } finally {
        await handle.close();
      }
    });
  });
}

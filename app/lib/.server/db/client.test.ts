import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl } from '../../../../tests/support/kiln-server';
import { openDb } from './client';
import { projects } from './schema';

describe('openDb on PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates a new data dir, seeds sb1, and reopens without re-applying', { timeout: 60_000 }, async () => {
    const first = await openDb({ dataDir });
    const [blank] = await first.db.select().from(projects).where(eq(projects.slug, 'sb1'));
    expect(blank).toMatchObject({ id: 'sb1', ownerId: null, visibility: 'public', frozen: true });
    await first.close();

    const second = await openDb({ dataDir });
    expect(second.backend).toBe('pglite');
    expect(await second.db.select().from(projects)).toHaveLength(1);
    await second.close();
  });
});

describe.skipIf(!testDatabaseUrl())(
  testDatabaseUrl() ? 'openDb on PostgreSQL' : 'openDb on PostgreSQL (skipped: TEST_DATABASE_URL is unset)',
  () => {
    it('applies migrations once when several processes start at the same time', { timeout: 60_000 }, async () => {
      const database = await createTestDatabase();
      try {
        const handles = await Promise.all(Array.from({ length: 4 }, () => openDb({ databaseUrl: database.url, dataDir: '/nonexistent' })));
        for (const handle of handles) {
          expect(handle.backend).toBe('postgres');
          expect(await handle.db.select().from(projects).where(eq(projects.id, 'sb1'))).toHaveLength(1);
        }
        await Promise.all(handles.map((handle) => handle.close()));
      } finally {
        await database.drop();
      }
    });
  },
);

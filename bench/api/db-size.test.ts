import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { measurePglite, tableGrowth } from './db-size';

describe('tableGrowth', () => {
  it('lists the tables that changed, largest first, counting new tables from zero', () => {
    const before = { tables: { a: 100, b: 50 }, databaseBytes: 0 };
    const after = { tables: { a: 100, b: 80, c: 200 }, databaseBytes: 0 };
    expect(tableGrowth(before, after)).toEqual([
      { table: 'c', bytes: 200 },
      { table: 'b', bytes: 30 },
    ]);
  });
});

describe('measurePglite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-bench-dbsize-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sees a table grow when rows are written to a closed PGlite data directory', async () => {
    const db = new PGlite(path.join(dataDir, 'db'));
    await db.exec('CREATE TABLE contents (hash text PRIMARY KEY, text text NOT NULL)');
    await db.close();
    const before = await measurePglite(dataDir);

    const again = new PGlite(path.join(dataDir, 'db'));
    // Random hex does not compress, so TOAST cannot hide the growth.
    await again.exec(`INSERT INTO contents SELECT g::text, string_agg(md5(random()::text), '') FROM generate_series(1, 200) g, generate_series(1, 100) GROUP BY g`);
    await again.close();
    const after = await measurePglite(dataDir);

    expect(before.tables.contents).toBeGreaterThan(0);
    const growth = tableGrowth(before, after);
    expect(growth[0].table).toBe('contents');
    expect(growth[0].bytes).toBeGreaterThan(200 * 3200 * 0.9);
    expect(after.directoryBytes).toBeGreaterThan(0);
  }, 60_000);
});

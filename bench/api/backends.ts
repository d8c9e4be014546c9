/** The two database backends the API bench runs against, each behind the built web tier. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, startKiln, testDatabaseUrl, type KilnServer } from '../../tests/support/kiln-server';
import { measurePglite, measurePostgres, type DbSize } from './db-size';

export interface Backend {
  label: 'PGlite' | 'PostgreSQL';
  start(): Promise<KilnServer>;
  /** Database size now. PGlite needs the server stopped, so this may restart it: use the returned server. */
  measure(server: KilnServer): Promise<{ size: DbSize; server: KilnServer }>;
  /** How the size is measured, for the notes. */
  sizeMethod: string;
  dispose(): Promise<void>;
}

export function pgliteBackend(): Backend {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiln-bench-api-'));
  return {
    label: 'PGlite',
    start: () => startKiln({ dataDir }),
    measure: async (server) => {
      await server.stop();
      const size = await measurePglite(dataDir);
      return { size, server: await startKiln({ dataDir }) };
    },
    sizeMethod: 'server stopped, DATA_DIR/db opened with PGlite, CHECKPOINT, then pg_total_relation_size per table (and the directory size on disk)',
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Undefined when no PostgreSQL server is configured (TEST_DATABASE_URL). */
export async function postgresBackend(): Promise<Backend | undefined> {
  if (!testDatabaseUrl()) return undefined;
  const database = await createTestDatabase();
  return {
    label: 'PostgreSQL',
    start: () => startKiln({ env: { DATABASE_URL: database.url } }),
    measure: async (server) => ({ size: await measurePostgres(database.url), server }),
    sizeMethod: 'pg_total_relation_size per table of a fresh database (heap + TOAST + indexes), after CHECKPOINT',
    dispose: () => database.drop(),
  };
}

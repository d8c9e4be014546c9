import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { getEnv } from '../env';
import { resolveMigrationsFolder } from './migrations-folder';
import * as schema from './schema';

/** One type for both backends: everything Kiln writes is plain PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbHandle = { db: Db; backend: 'pglite' | 'postgres'; close(): Promise<void> };

/** Arbitrary constant: serialises migrations when several web tiers start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 727_384_101;

export type OpenDbOptions = { databaseUrl?: string; dataDir: string; migrationsFolder?: string };

/** Open a database and bring its schema up to date. Each call opens a new connection. */
export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? resolveMigrationsFolder();
  if (options.databaseUrl) {
    await migratePostgres(options.databaseUrl, migrationsFolder);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its server connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.warn(`[db] idle PostgreSQL client error: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, backend: 'postgres', close: () => pool.end() };
  }
  const dir = path.join(options.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return { db: pgliteDb as unknown as Db, backend: 'pglite', close: () => client.close() };
}

/** Migrate under a session-level advisory lock so concurrent starts apply each migration once. */
async function migratePostgres(databaseUrl: string, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

let pending: Promise<DbHandle> | undefined;

/** The process-wide database, opened (and migrated) on first use. */
export async function getDb(): Promise<Db> {
  if (!pending) {
    const env = getEnv();
    pending = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    // A failed open (database down at start) must not poison every later request.
    pending.catch(() => {
      pending = undefined;
    });
  }
  return (await pending).db;
}

/** Close the process-wide database (tests, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const current = pending;
  pending = undefined;
  if (current) {
    await (await current).close();
  }
}

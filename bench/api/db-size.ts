/**
 * How much the database holds, table by table (pg_total_relation_size: heap + TOAST + indexes), on
 * PostgreSQL through a connection, on PGlite by opening its data directory while the server is stopped.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { z } from 'zod';

export interface DbSize {
  /** Table name → bytes, for the tables of the public schema. */
  tables: Record<string, number>;
  databaseBytes: number;
  /** PGlite only: bytes of the data directory on disk (includes WAL). */
  directoryBytes?: number;
}

const TABLE_SIZES_SQL = `SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'`;
const DATABASE_SIZE_SQL = 'SELECT pg_database_size(current_database())::bigint AS bytes';

const tableRows = z.array(z.object({ name: z.string(), bytes: z.union([z.string(), z.number(), z.bigint()]) }));
const sizeRows = z.array(z.object({ bytes: z.union([z.string(), z.number(), z.bigint()]) })).length(1);

function toSize(tables: unknown, database: unknown): DbSize {
  const sizes: Record<string, number> = {};
  for (const row of tableRows.parse(tables)) sizes[row.name] = Number(row.bytes);
  return { tables: sizes, databaseBytes: Number(sizeRows.parse(database)[0].bytes) };
}

export async function measurePostgres(databaseUrl: string): Promise<DbSize> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT').catch(() => undefined); // needs superuser; sizes are right without it
    return toSize((await client.query(TABLE_SIZES_SQL)).rows, (await client.query(DATABASE_SIZE_SQL)).rows);
  } finally {
    await client.end();
  }
}

function directorySize(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, entry) => sum + directorySize(path.join(target, entry)), 0);
}

/** The web tier must be stopped: PGlite is a single-user database in the server process. */
export async function measurePglite(dataDir: string): Promise<DbSize> {
  const dbDir = path.join(dataDir, 'db');
  const client = new PGlite(dbDir);
  try {
    await client.waitReady;
    await client.exec('CHECKPOINT');
    const size = toSize((await client.query(TABLE_SIZES_SQL)).rows, (await client.query(DATABASE_SIZE_SQL)).rows);
    return { ...size, directoryBytes: directorySize(dbDir) };
  } finally {
    await client.close();
  }
}

/** after − before per table, largest growth first. */
export function tableGrowth(before: DbSize, after: DbSize): Array<{ table: string; bytes: number }> {
  return Object.keys(after.tables)
    .map((table) => ({ table, bytes: after.tables[table] - (before.tables[table] ?? 0) }))
    .filter((entry) => entry.bytes !== 0)
    .sort((a, b) => b.bytes - a.bytes);
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveMigrationsFolder } from './migrations-folder';

const repoRoot = path.resolve(__dirname, '../../../..');
const repoMigrations = path.join(repoRoot, 'drizzle');

function fakeMigrations(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiln-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  writeFileSync(path.join(dir, 'meta/_journal.json'), '{"entries":[]}');
  return dir;
}

describe('resolveMigrationsFolder', () => {
  const elsewhere = mkdtempSync(path.join(tmpdir(), 'kiln-cwd-'));

  it.each([
    ['from source (vitest), cwd at the repo root', { cwd: repoRoot, env: {} }],
    ['from source, cwd elsewhere', { cwd: elsewhere, env: {} }],
    [
      'from the bundled server (build/server/index.js), cwd elsewhere',
      { cwd: elsewhere, env: {}, moduleUrl: pathToFileURL(path.join(repoRoot, 'build/server/index.js')).href },
    ],
  ])('finds the committed migrations %s', (_case, options) => {
    expect(resolveMigrationsFolder(options)).toBe(repoMigrations);
  });

  it('prefers KILN_MIGRATIONS_DIR', () => {
    const dir = fakeMigrations();
    expect(resolveMigrationsFolder({ env: { KILN_MIGRATIONS_DIR: dir }, cwd: repoRoot })).toBe(dir);
  });

  it('refuses a KILN_MIGRATIONS_DIR without a journal', () => {
    expect(() => resolveMigrationsFolder({ env: { KILN_MIGRATIONS_DIR: elsewhere } })).toThrow(/_journal\.json/);
  });

  it('says where it looked when there are no migrations anywhere', () => {
    const moduleUrl = pathToFileURL(path.join(elsewhere, 'server/index.js')).href;
    expect(() => resolveMigrationsFolder({ env: {}, cwd: elsewhere, moduleUrl })).toThrow(/Cannot find the database migrations/);
  });
});

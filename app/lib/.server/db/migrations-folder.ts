import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const JOURNAL = path.join('meta', '_journal.json');

const overrideSchema = z.string().min(1).optional();

/**
 * Where the committed SQL migrations are. Order: KILN_MIGRATIONS_DIR, `<cwd>/drizzle`, then the first
 * `drizzle/` found walking up from this module — which is the repo root both from source (vitest) and
 * from the bundled server (build/server/index.js).
 */
export function resolveMigrationsFolder(
  options: { env?: Record<string, string | undefined>; cwd?: string; moduleUrl?: string } = {},
): string {
  const override = overrideSchema.parse((options.env ?? process.env).KILN_MIGRATIONS_DIR || undefined);
  if (override) {
    const folder = path.resolve(override);
    if (!existsSync(path.join(folder, JOURNAL))) {
      throw new Error(`KILN_MIGRATIONS_DIR=${override} has no ${JOURNAL}`);
    }
    return folder;
  }
  const candidates = [path.join(options.cwd ?? process.cwd(), 'drizzle')];
  let dir = path.dirname(fileURLToPath(options.moduleUrl ?? import.meta.url));
  for (;;) {
    candidates.push(path.join(dir, 'drizzle'));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const found = candidates.find((candidate) => existsSync(path.join(candidate, JOURNAL)));
  if (!found) {
    throw new Error(`Cannot find the database migrations (looked in ${candidates.slice(0, 3).join(', ')}, …)`);
  }
  return found;
}

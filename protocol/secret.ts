/**
 * The secret both tiers share when SESSION_SECRET is unset: generated once into `DATA_DIR/session-secret`.
 * Node-only; imported by the web tier's env.ts and the runner's config.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
      return secret;
    } catch {
      // The other tier created it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

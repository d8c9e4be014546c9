import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** An unguessable bearer secret (256 bits, base64url) with a readable prefix. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Secrets are stored only as SHA-256 hex; they are high-entropy, so no salt or slow hash is needed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newId(): string {
  return randomUUID();
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { type z } from 'zod';

/**
 * Short-lived signed tokens: base64url(JSON payload) '.' base64url(HMAC-SHA256). The purpose is part of
 * the signed data, so a token issued for one use (a CORS token) is never accepted for another (an upload).
 */
export type TokenPurpose = 'direct-upload' | 'cors';

function sign(purpose: TokenPurpose, body: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
}

/** Sign `payload` plus an expiry (`exp`, seconds since epoch). */
export function signToken(
  purpose: TokenPurpose,
  payload: Record<string, unknown>,
  options: { secret: string; ttlSeconds: number; now?: number },
): { token: string; expiresAt: number } {
  const expiresAt = Math.floor((options.now ?? Date.now()) / 1000) + options.ttlSeconds;
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString('base64url');
  return { token: `${body}.${sign(purpose, body, options.secret)}`, expiresAt };
}

/** The payload when the token is well-formed, signed for this purpose and not expired; otherwise null. */
export function verifyToken<S extends z.ZodType<{ exp: number }>>(
  purpose: TokenPurpose,
  token: string,
  schema: S,
  options: { secret: string; now?: number },
): z.output<S> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) {
    return null;
  }
  const expected = Buffer.from(sign(purpose, body, options.secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return null;
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success || parsed.data.exp * 1000 <= (options.now ?? Date.now())) {
    return null;
  }
  return parsed.data;
}

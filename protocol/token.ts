/**
 * Short-lived runner tokens: the web tier signs, the runner verifies (HMAC-SHA256 over the payload with
 * the shared SESSION_SECRET). Format: base64url(JSON payload) + '.' + base64url(signature).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const payloadSchema = z.object({
  /** Sandbox id the token grants. */
  sid: z.string(),
  /** Expiry, seconds since epoch. */
  exp: z.number().int(),
  /** User id when signed in, else null. */
  uid: z.string().nullable(),
});
export type RunnerTokenPayload = z.infer<typeof payloadSchema>;

export const RUNNER_TOKEN_TTL_SECONDS = 10 * 60;

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signRunnerToken(
  input: { sandboxId: string; userId: string | null; ttlSeconds?: number; now?: number },
  secret: string,
): string {
  const now = input.now ?? Date.now();
  const payload: RunnerTokenPayload = {
    sid: input.sandboxId,
    uid: input.userId,
    exp: Math.floor(now / 1000) + (input.ttlSeconds ?? RUNNER_TOKEN_TTL_SECONDS),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

/** Returns the payload, or null when the token is malformed, forged or expired. */
export function verifyRunnerToken(token: string, secret: string, now = Date.now()): RunnerTokenPayload | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) {
    return null;
  }
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return null;
  }
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.exp * 1000 < now) {
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

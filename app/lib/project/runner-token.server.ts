/** Renewing runner tokens (server only: signing needs the session secret and node:crypto). */
import { signRunnerToken, verifyRunnerToken } from '../../../protocol/token';

/** Signs a new token when `previous` is a genuine token (expired or not) for this sandbox and viewer. */
export function renewRunnerToken(input: { sandboxId: string; previous: string; viewerId: string; secret: string; now?: number }): string | null {
  // Expiry is ignored on purpose (now = 0): an expired token is the normal case here.
  const payload = verifyRunnerToken(input.previous, input.secret, 0);
  if (!payload || payload.sid !== input.sandboxId || payload.uid !== input.viewerId) {
    return null;
  }
  return signRunnerToken({ sandboxId: input.sandboxId, userId: input.viewerId, now: input.now }, input.secret);
}

import { z } from 'zod';
import { signToken, verifyToken } from '../uploads/signed-token';

/** CORS tokens live an hour; clients renew them 5 minutes before expiry (spec §9). */
export const CORS_TOKEN_TTL_SECONDS = 60 * 60;

export type CorsTokenResponse = { token: string; expiresAt: number };

const claimsSchema = z.object({ uid: z.string(), exp: z.number() });

/** spec §3 CORS token response: the token and its expiry in seconds since the epoch. */
export function issueCorsToken(userId: string, options: { secret: string; now?: number }): CorsTokenResponse {
  return signToken('cors', { uid: userId }, { secret: options.secret, ttlSeconds: CORS_TOKEN_TTL_SECONDS, now: options.now });
}

/** The user a CORS token was issued to, or null when it is forged, malformed or expired. */
export function verifyCorsToken(token: string, options: { secret: string; now?: number }): { userId: string } | null {
  const claims = verifyToken('cors', token, claimsSchema, options);
  return claims ? { userId: claims.uid } : null;
}

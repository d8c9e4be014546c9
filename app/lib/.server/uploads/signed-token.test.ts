import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueCorsToken, verifyCorsToken } from '../cors-token';
import { signToken, verifyToken } from './signed-token';

const secret = 'test-secret-0123456789';
const schema = z.object({ bid: z.string(), exp: z.number() });

describe('signed tokens', () => {
  it('round-trips its payload until it expires', () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, expiresAt } = signToken('direct-upload', { bid: 'b1' }, { secret, ttlSeconds: 600, now });
    expect(expiresAt).toBe(now / 1000 + 600);
    expect(verifyToken('direct-upload', token, schema, { secret, now })).toEqual({ bid: 'b1', exp: expiresAt });
    expect(verifyToken('direct-upload', token, schema, { secret, now: now + 600_000 })).toBeNull();
  });

  it.each([
    ['another secret', (t: string) => verifyToken('direct-upload', t, schema, { secret: 'other-secret-0123456789' })],
    ['another purpose', (t: string) => verifyToken('cors', t, schema, { secret })],
    ['a changed payload', (t: string) => verifyToken('direct-upload', `${Buffer.from('{"bid":"b2","exp":99999999999}').toString('base64url')}.${t.split('.')[1]}`, schema, { secret })],
    ['a truncated token', (t: string) => verifyToken('direct-upload', t.slice(0, -3), schema, { secret })],
    ['an extra segment', (t: string) => verifyToken('direct-upload', `${t}.x`, schema, { secret })],
    ['garbage', () => verifyToken('direct-upload', 'not a token', schema, { secret })],
  ])('refuses %s', (_name, verify) => {
    const { token } = signToken('direct-upload', { bid: 'b1' }, { secret, ttlSeconds: 600 });
    expect(verify(token)).toBeNull();
  });

  it('issues CORS tokens for an hour, verifiable only as CORS tokens', () => {
    const now = Date.UTC(2026, 0, 1);
    const issued = issueCorsToken('u1', { secret, now });
    expect(issued.expiresAt).toBe(now / 1000 + 3600);
    expect(verifyCorsToken(issued.token, { secret, now })).toEqual({ userId: 'u1' });
    expect(verifyToken('direct-upload', issued.token, z.object({ exp: z.number() }), { secret, now })).toBeNull();
  });
});

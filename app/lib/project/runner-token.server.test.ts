import { describe, expect, it } from 'vitest';
import { signRunnerToken, verifyRunnerToken } from '../../../protocol/token';
import { renewRunnerToken } from './runner-token.server';

const secret = 'test-secret-that-is-long-enough-0123456789';
const sandboxId = 'abcdefghijklmnopqrstuvwx';
const longAgo = Date.parse('2026-01-01T00:00:00Z');
const expired = signRunnerToken({ sandboxId, userId: 'u1', now: longAgo }, secret);

describe('runner token renewal', () => {
  it('signs a fresh token for the same sandbox and viewer from an expired one', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(verifyRunnerToken(expired, secret, now)).toBeNull();
    const renewed = renewRunnerToken({ sandboxId, previous: expired, viewerId: 'u1', secret, now });
    expect(renewed).not.toBeNull();
    expect(verifyRunnerToken(renewed ?? '', secret, now)).toMatchObject({ sid: sandboxId, uid: 'u1' });
  });

  it.each([
    ['another viewer', { viewerId: 'u2' }],
    ['another sandbox', { sandboxId: 'zzzzzzzzzzzzzzzzzzzzzzzz' }],
    ['a forged token', { previous: `${expired.split('.')[0]}.AAAA` }],
    ['no token', { previous: '' }],
    ['a token signed with another secret', { previous: signRunnerToken({ sandboxId, userId: 'u1' }, 'another-secret-0123456789abcdef') }],
    ['an anonymous token', { previous: signRunnerToken({ sandboxId, userId: null }, secret) }],
  ])('refuses %s', (_name, overrides) => {
    expect(renewRunnerToken({ sandboxId, previous: expired, viewerId: 'u1', secret, ...overrides })).toBeNull();
  });
});

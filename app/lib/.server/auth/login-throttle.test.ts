import { describe, expect, it } from 'vitest';
import { assertLoginAllowed, recordLoginFailure } from './login-throttle';

const from = (ip: string) => new Request('http://localhost/api/auth/login', { headers: { 'x-forwarded-for': ip } });

describe('login throttle', () => {
  it('blocks an email+IP after 10 failures for 15 minutes, leaving other IPs alone', () => {
    const now = 1_000_000;
    for (let i = 0; i < 10; i++) {
      expect(() => assertLoginAllowed(from('10.0.0.1'), 'victim@example.test', now)).not.toThrow();
      recordLoginFailure(from('10.0.0.1'), 'victim@example.test', now);
    }
    expect(() => assertLoginAllowed(from('10.0.0.1'), 'victim@example.test', now)).toThrow(/Too many login attempts/);
    expect(() => assertLoginAllowed(from('10.0.0.2'), 'victim@example.test', now)).not.toThrow();
    expect(() => assertLoginAllowed(from('10.0.0.1'), 'victim@example.test', now + 15 * 60 * 1000 + 1)).not.toThrow();
  });
});

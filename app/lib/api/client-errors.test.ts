import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ClientError, errorNameForCode, parseServerErrorPayload } from './client-errors';

describe('client errors (spec §8)', () => {
  it.each([
    ['rate-limited', true],
    ['free-user-rate-limited', true],
    ['overloaded', true],
    ['request-too-large', false],
    ['image-too-large', false],
    ['usage-blocked', false],
    ['billing-error', true],
    ['content-filter', false],
    ['login-required', false],
    ['bad-server-response', true],
    ['site-creation-error', true],
    ['site-deployment-error', true],
  ] as const)('%s has fixed retryability %s, whatever the caller asks', (code, retryable) => {
    expect(new ClientError(code, 'm').isRetryable).toBe(retryable);
    expect(new ClientError(code, 'm', { isRetryable: !retryable }).isRetryable).toBe(retryable);
  });

  it.each(['project-too-big', 'api-error', 'network-error', 'unknown', 'fix-diff-error', 'fix-lazy-error', 'fix-bracket-error', 'error-reasoning-error'] as const)(
    '%s (retryability not given by the spec) takes the creator’s choice, default false',
    (code) => {
      expect(new ClientError(code, 'm').isRetryable).toBe(false);
      expect(new ClientError(code, 'm', { isRetryable: true }).isRetryable).toBe(true);
    },
  );

  it.each([
    ['rate-limited', 'RateLimited'],
    ['bad-server-response', 'BadServerResponse'],
    ['error-reasoning-error', 'ErrorReasoningError'],
    ['unknown', 'Unknown'],
  ] as const)('names %s %s', (code, name) => {
    expect(errorNameForCode(code)).toBe(name);
    expect(new ClientError(code, 'x').name).toBe(name);
  });

  it('knows all twenty codes', () => {
    expect(CLIENT_ERROR_CODES).toHaveLength(20);
  });

  it('carries extras and serialises to the client error object', () => {
    const error = new ClientError('fix-diff-error', 'diff failed', { fileContent: 'a', diff: 'b', title: 'Fix' });
    expect(error).toBeInstanceOf(Error);
    expect(error.toJSON()).toMatchObject({ code: 'fix-diff-error', message: 'diff failed', title: 'Fix', fileContent: 'a', diff: 'b', isRetryable: false });
    expect(new ClientError('rate-limited', 'slow down', { providerLimitHit: true }).toJSON()).toMatchObject({ providerLimitHit: true, isRetryable: true });
  });
});

describe('parseServerErrorPayload (spec §5)', () => {
  it.each([
    {
      name: 'a known client error shape',
      body: JSON.stringify({ code: 'rate-limited', message: 'Too many', providerLimitHit: true }),
      status: 429,
      expected: { code: 'rate-limited', message: 'Too many', providerLimitHit: true, isRetryable: true },
    },
    {
      name: 'a known shape nested under error',
      body: JSON.stringify({ error: { code: 'content-filter', message: 'Filtered' } }),
      status: 400,
      expected: { code: 'content-filter', message: 'Filtered', isRetryable: false },
    },
    {
      name: 'other JSON',
      body: JSON.stringify({ errors: ['Nope'] }),
      status: 400,
      expected: { code: 'unknown', message: 'Nope', isRetryable: true },
    },
    {
      name: 'an unknown code',
      body: JSON.stringify({ code: 'made-up', message: 'x' }),
      status: 500,
      expected: { code: 'unknown', isRetryable: true },
    },
    {
      name: 'a non-JSON body with a status',
      body: '<html>502</html>',
      status: 502,
      expected: { code: 'bad-server-response', message: 'An unexpected status code 502 response was received from the server.', status: 502, body: '<html>502</html>', isRetryable: true },
    },
    {
      name: 'a non-JSON body without a status',
      body: 'garbage',
      status: undefined,
      expected: { code: 'unknown', message: 'An unknown error occurred.', isRetryable: true },
    },
    {
      name: 'no body and no status',
      body: undefined,
      status: undefined,
      expected: { code: 'unknown', message: 'An unknown error occurred.' },
    },
  ])('maps $name', ({ body, status, expected }) => {
    expect(parseServerErrorPayload(body, status)).toMatchObject(expected);
  });
});

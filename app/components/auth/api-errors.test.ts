import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR, parseApiErrors, safeRedirectPath } from './api-errors';

describe('parseApiErrors', () => {
  it.each([
    [{ errors: ['Invalid email or password'] }, 'Invalid email or password', {}],
    [{ errors: ['a', 'b'] }, 'a, b', {}],
    [{ errors: [{ field: 'password_confirmation', message: 'does not match' }] }, 'Password confirmation does not match', { password_confirmation: 'does not match' }],
    [{ errors: [{ field: 'base', message: 'Nope' }] }, 'Nope', { base: 'Nope' }],
    [{ error: 'Boom' }, 'Boom', {}],
    [{ error: { code: 1 } }, '{"code":1}', {}],
    [{}, DEFAULT_ERROR, {}],
    [null, DEFAULT_ERROR, {}],
    ['<html>', DEFAULT_ERROR, {}],
  ])('%j → %s', (body, message, fields) => {
    expect(parseApiErrors(body)).toEqual({ message, fields });
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/~/todo', '/~/todo'],
    ['/settings/tokens?x=1', '/settings/tokens?x=1'],
    ['//evil.com', '/'],
    ['/\\evil.com', '/'],
    ['https://evil.com', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});

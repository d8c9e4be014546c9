import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonBody } from './body';
import { HttpError } from './errors';

const schema = z.object({ name: z.string() }).strict();

function post(body: BodyInit | null, contentType: string | null = 'application/json'): Request {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  return new Request('http://localhost/api/x', { method: 'POST', body, headers });
}

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.toBody() };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parseJsonBody', () => {
  it('returns the parsed value', async () => {
    expect(await parseJsonBody(post('{"name":"a"}'), schema)).toEqual({ name: 'a' });
    expect(await parseJsonBody(post('{"name":"a"}', 'application/json; charset=utf-8'), schema)).toEqual({ name: 'a' });
  });

  it.each([
    ['malformed JSON', post('{"name":'), 400, { errors: ['Malformed JSON body'] }],
    ['a wrong type', post('{"name":1}'), 400, { errors: [{ field: 'name', message: expect.any(String) }] }],
    ['an unknown field', post('{"name":"a","x":1}'), 400, { errors: [{ field: 'body', message: expect.stringMatching(/x/) }] }],
    ['a non-JSON content type', post('{"name":"a"}', 'text/plain'), 415, { errors: [expect.any(String)] }],
    ['no content type', post('{"name":"a"}', null), 415, { errors: [expect.any(String)] }],
    ['an empty JSON body', post(null), 400, { errors: ['Malformed JSON body'] }],
    ['a body over the limit', post(JSON.stringify({ name: 'x'.repeat(100) })), 413, { errors: [expect.any(String)] }],
  ])('refuses %s', async (_case, request, status, body) => {
    expect(await statusOf(parseJsonBody(request, schema, { maxBytes: 50 }))).toEqual({ status, body });
  });

  it('treats an empty body as {} when allowed', async () => {
    expect(await parseJsonBody(post(null, null), z.object({ a: z.string().optional() }).strict(), { allowEmpty: true })).toEqual({});
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ClientError } from './client-errors';
import { createApiClient } from './fetch-json';

function fakeFetch(...responses: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

describe('createApiClient', () => {
  it('sends JSON with bearer authorization under the base URL and parses the answer', async () => {
    const { fetch, calls } = fakeFetch(Response.json({ ok: 1 }));
    const api = createApiClient({ baseUrl: 'https://kiln.test/', getToken: () => 'tok', fetch });
    expect(await api.request('PATCH', '/api/projects/x', { body: { a: 1 } })).toEqual({ ok: 1 });
    expect(calls[0].url).toBe('https://kiln.test/api/projects/x');
    expect(calls[0].init.method).toBe('PATCH');
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(calls[0].init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
  });

  it.each([204, 200])('returns undefined for an empty ok answer (%i)', async (status) => {
    const { fetch } = fakeFetch(new Response(status === 204 ? null : '', { status }));
    expect(await createApiClient({ fetch }).request('DELETE', '/x')).toBeUndefined();
  });

  it('silently skips the call when auth is required and there is no token', async () => {
    const { fetch, calls } = fakeFetch();
    expect(await createApiClient({ fetch, requireAuth: true, getToken: () => null }).request('GET', '/x')).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('lets a per-status handler decide the result', async () => {
    const { fetch } = fakeFetch(Response.json({ lastEditor: 'ann' }, { status: 409 }));
    const result = await createApiClient({ fetch }).request('PATCH', '/p', {
      handlers: { 409: async (response) => ({ conflict: ((await response.json()) as { lastEditor: string }).lastEditor }) },
    });
    expect(result).toEqual({ conflict: 'ann' });
  });

  it.each([
    { response: () => Response.json({ errors: ['Not logged in'] }, { status: 401 }), code: 'api-error', message: 'Not logged in', status: 401, retryable: false },
    { response: () => Response.json({ errors: ['boom'] }, { status: 503 }), code: 'api-error', message: 'boom', status: 503, retryable: true },
    { response: () => new Response('<h1>oops</h1>', { status: 502 }), code: 'bad-server-response', message: 'An unexpected status code 502 response was received from the server.', status: 502, retryable: true },
    { response: () => Response.json({ code: 'overloaded', message: 'Busy' }, { status: 529 }), code: 'overloaded', message: 'Busy', status: undefined, retryable: true },
  ])('throws a typed $code for a non-ok answer', async ({ response, code, message, status, retryable }) => {
    const { fetch } = fakeFetch(response());
    const error = await createApiClient({ fetch }).request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ code, message, isRetryable: retryable });
    if (status !== undefined) expect((error as ClientError).status).toBe(status);
  });

  it('turns a network failure into a retryable network-error', async () => {
    const { fetch } = fakeFetch(new TypeError('fetch failed'));
    await expect(createApiClient({ fetch }).request('GET', '/x')).rejects.toMatchObject({ code: 'network-error', isRetryable: true });
  });

  it('validates the answer with a schema', async () => {
    const { fetch } = fakeFetch(Response.json({ editedAt: 5 }));
    await expect(createApiClient({ fetch }).request('GET', '/x', { schema: z.object({ editedAt: z.string() }) })).rejects.toMatchObject({
      code: 'bad-server-response',
    });
  });
});

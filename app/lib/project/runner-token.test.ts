import { describe, expect, it, vi } from 'vitest';
import { createRunnerTokenRenewer } from './runner-token';

describe('runner token renewer', () => {
  it('sends the newest token it has as proof and returns the fresh one', async () => {
    const answers = ['t2', 't3'];
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json({ token: answers.shift() }));
    const renew = createRunnerTokenRenewer({ sandboxId: 'abc', token: 't1', fetch: fetchImpl });
    expect(await renew()).toBe('t2');
    expect(await renew()).toBe('t3');
    expect(fetchImpl.mock.calls.map(([url, init]) => [url, (init?.headers as Record<string, string>)['X-Runner-Token']])).toEqual([
      ['/api/runner-token?sandbox=abc', 't1'],
      ['/api/runner-token?sandbox=abc', 't2'],
    ]);
  });

  it.each([
    ['a refusal', () => Response.json({ errors: ['no'] }, { status: 403 })],
    ['a body without a token', () => Response.json({})],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
  ])('rejects on %s', async (_name, respond) => {
    const renew = createRunnerTokenRenewer({ sandboxId: 'abc', token: 't1', fetch: async () => respond() });
    await expect(renew()).rejects.toThrow(/could not be renewed/);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './fetch-json';
import { createSnapshotClient, SNAPSHOT_SAVE_ATTEMPTS } from './snapshot-client';

function scripted(responses: Array<() => Response | Promise<Response>>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected call');
    return next();
  });
  return { client: createSnapshotClient({ api: createApiClient({ fetch: fetchFn as unknown as typeof fetch }) }), calls };
}

const saved = () => Response.json({ messageId: 'm1', createdAt: '2026-01-01T00:00:00.000Z' }, { status: 201 });
const serverError = () => Response.json({ errors: ['down'] }, { status: 503 });

describe('snapshot client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts {id, snapshot: JSON string} to /api/snapshot/{projectId}', async () => {
    const { client, calls } = scripted([saved]);
    const files = { 'a.txt': { type: 'file' as const, content: 'A' } };
    expect(await client.save('p 1', 'm1', files)).toEqual({ messageId: 'm1', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(calls[0].url).toBe('/api/snapshot/p%201');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ id: 'm1', snapshot: JSON.stringify(files) });
  });

  it('retries a failing save with delays growing by 500 ms (500, 1000, …) and succeeds', async () => {
    const { client, calls } = scripted([serverError, serverError, () => Promise.reject(new TypeError('offline')), saved]);
    const result = client.save('p', 'm1', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toHaveLength(4);
    await expect(result).resolves.toMatchObject({ messageId: 'm1' });
  });

  it("gives up after 5 attempts with 'Failed to save snapshot'", async () => {
    const { client, calls } = scripted(Array.from({ length: SNAPSHOT_SAVE_ATTEMPTS }, () => serverError));
    const result = client.save('p', 'm1', {});
    const assertion = expect(result).rejects.toThrow('Failed to save snapshot');
    await vi.advanceTimersByTimeAsync(500 + 1000 + 1500 + 2000);
    await assertion;
    expect(calls).toHaveLength(5);
  });

  it('does not retry a refusal (403)', async () => {
    const { client, calls } = scripted([() => Response.json({ errors: ['Only the owner can change this project'] }, { status: 403 })]);
    await expect(client.save('p', 'm1', {})).rejects.toThrow('Failed to save snapshot');
    expect(calls).toHaveLength(1);
  });

  it("loads a snapshot map, failing with 'Failed to load snapshot'", async () => {
    const map = { src: { type: 'folder' }, 'src/a.ts': { type: 'file', content: 'x', isBinary: false } };
    const ok = scripted([() => Response.json(map)]);
    expect(await ok.client.load('p', 'm/1')).toEqual(map);
    expect(ok.calls[0].url).toBe('/api/snapshot/p/m%2F1');
    const missing = scripted([() => Response.json({ errors: ['Snapshot not found'] }, { status: 404 })]);
    await expect(missing.client.load('p', 'nope')).rejects.toThrow('Failed to load snapshot');
  });

  it('lists and applies', async () => {
    const { client, calls } = scripted([
      () => Response.json({ snapshots: [{ messageId: 'm1', createdAt: 'c' }] }),
      () => Response.json({ editedAt: 'e' }),
    ]);
    expect(await client.list('p')).toEqual([{ messageId: 'm1', createdAt: 'c' }]);
    expect(await client.apply('p', 'm1')).toEqual({ editedAt: 'e' });
    expect(calls[1]).toMatchObject({ url: '/api/snapshot/p/apply/m1', init: { method: 'POST' } });
  });
});

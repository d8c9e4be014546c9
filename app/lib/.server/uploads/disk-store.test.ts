import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from './disk-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiln-blobs-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('disk blob store', () => {
  it('stores, replaces, reads and deletes, leaving no temp files', async () => {
    const store = createDiskBlobStore(dir);
    await store.put('abc-123', new Uint8Array([1, 2]), 'application/octet-stream');
    await store.put('abc-123', new Uint8Array([3]), 'application/octet-stream');
    expect([...(await store.get('abc-123'))!]).toEqual([3]);
    expect(readdirSync(path.join(dir, 'ab'))).toEqual(['abc-123']);
    await store.delete('abc-123');
    expect(await store.get('abc-123')).toBeNull();
    await store.delete('abc-123');
  });

  it.each(['../escape', 'a/b', '', 'x'.repeat(201), 'dot.dot'])('refuses the key %j', async (key) => {
    const store = createDiskBlobStore(dir);
    await expect(store.put(key, new Uint8Array(1), 'x/y')).rejects.toThrow('Invalid blob key');
  });
});

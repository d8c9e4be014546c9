import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../env';
import { createBlobStoreFromEnv } from './store-from-env';

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiln-store-env-'));
  dirs.push(dir);
  return { dir, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(16), ...extra }) };
}

describe('createBlobStoreFromEnv', () => {
  it('stores under DATA_DIR/blobs by default', async () => {
    const { dir, env: config } = env({});
    await createBlobStoreFromEnv(config).put('key-1', new Uint8Array([1]), 'a/b');
    expect(readdirSync(path.join(dir, 'blobs', 'ke'))).toEqual(['key-1']);
  });

  it('talks to S3 when all four S3 variables are set', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { dir, env: config } = env({ S3_ENDPOINT: 'http://s3.test', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    await createBlobStoreFromEnv(config).put('key-1', new Uint8Array([1]), 'a/b');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('http://s3.test/b/key-1');
    expect(readdirSync(dir)).not.toContain('blobs');
  });

  it('stays on disk when the S3 configuration is incomplete', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { env: config } = env({ S3_ENDPOINT: 'http://s3.test', S3_BUCKET: 'b' });
    await createBlobStoreFromEnv(config).put('key-2', new Uint8Array([1]), 'a/b');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { type SnapshotClient, type SnapshotFiles } from '~/lib/api/snapshot-client';
import { createSnapshotsStore } from './snapshots';
import { createFakeSandbox } from './testing/fake-sandbox';

function fakeClient(snapshot: SnapshotFiles, options: { loadGate?: Promise<void> } = {}) {
  const calls: string[] = [];
  const client: SnapshotClient = {
    save: vi.fn(async (_p, messageId) => {
      calls.push(`save ${messageId}`);
      return { messageId, createdAt: `t-${messageId}` };
    }),
    list: vi.fn(async () => [{ messageId: 'old', createdAt: 't0' }]),
    load: vi.fn(async (_p, messageId) => {
      calls.push(`load ${messageId}`);
      await options.loadGate;
      return snapshot;
    }),
    apply: vi.fn(async (_p, messageId) => {
      calls.push(`apply ${messageId}`);
      return { editedAt: 'edited' };
    }),
  };
  return { client, calls };
}

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe('snapshots store', () => {
  it('lists snapshots and puts a new one first (replacing an older one for the same message)', async () => {
    const { client } = fakeClient({});
    const store = createSnapshotsStore({ projectId: 'p', client });
    await store.refresh();
    await store.takeSnapshot('m1', { 'a.txt': { type: 'file', content: 'A' } });
    await store.takeSnapshot('old', {});
    expect(store.$snapshots.get().map((s) => s.messageId)).toEqual(['old', 'm1']);
  });

  it('restores: writes the files, removes files the snapshot lacks (keeping node_modules), then applies', async () => {
    const sandbox = createFakeSandbox({
      'src/App.tsx': 'new app',
      'src/extra.ts': 'added later',
      'stray/deep/file.txt': 'x',
      'node_modules/react/index.js': 'react',
      'package-lock.json': '{}',
      'logo.png': new Uint8Array([1, 2, 3]),
    });
    const { client, calls } = fakeClient({
      src: { type: 'folder' },
      'src/App.tsx': { type: 'file', content: 'old app' },
      'README.md': { type: 'file', content: '# hi' },
      'logo.png': { type: 'file', isBinary: true, content: '', blobId: 'blob-1' },
      'keep.bin': { type: 'file', isBinary: true, content: '' },
    });
    const fetchBlob = vi.fn(async () => new Uint8Array([9, 9]));
    const store = createSnapshotsStore({ projectId: 'p', client, fetchBlob, keepPath: (path) => path === 'package-lock.json' });
    expect(await store.restoreSnapshot('m1', sandbox)).toEqual({ editedAt: 'edited' });
    expect([...sandbox.files.keys()].sort()).toEqual(['README.md', 'logo.png', 'node_modules/react/index.js', 'package-lock.json', 'src/App.tsx']);
    expect(text(sandbox.files.get('src/App.tsx'))).toBe('old app');
    expect([...sandbox.files.get('logo.png')!]).toEqual([9, 9]);
    expect(fetchBlob).toHaveBeenCalledWith('blob-1', 'logo.png');
    expect(calls).toEqual(['load m1', 'apply m1']);
    expect(store.$restoring.get()).toBeNull();
  });

  it('refuses a second checkout while one is in progress', async () => {
    let open!: () => void;
    const { client, calls } = fakeClient({ 'a.txt': { type: 'file', content: 'A' } }, { loadGate: new Promise((resolve) => (open = resolve)) });
    const store = createSnapshotsStore({ projectId: 'p', client });
    const sandbox = createFakeSandbox();
    const first = store.restoreSnapshot('m1', sandbox);
    expect(store.$restoring.get()).toBe('m1');
    expect(await store.restoreSnapshot('m2', sandbox)).toBeNull();
    open();
    await first;
    expect(calls).toEqual(['load m1', 'apply m1']);
    // Free again afterwards.
    expect(await store.restoreSnapshot('m2', sandbox)).toEqual({ editedAt: 'edited' });
  });

  it('does not apply when writing fails, and frees the checkout', async () => {
    const { client, calls } = fakeClient({ 'a.txt': { type: 'file', content: 'A' } });
    const sandbox = createFakeSandbox();
    sandbox.failNext('writeFile', 'disk full');
    const store = createSnapshotsStore({ projectId: 'p', client });
    await expect(store.restoreSnapshot('m1', sandbox)).rejects.toThrow('disk full');
    expect(calls).toEqual(['load m1']);
    expect(store.$restoring.get()).toBeNull();
  });
});

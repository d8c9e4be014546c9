import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { AssistantRuntime } from '~/lib/stores/chat';
import { LOAD_SNAPSHOT_FAILED, SAVE_SNAPSHOT_FAILED, type SnapshotClient, type SnapshotFiles } from '~/lib/api/snapshot-client';
import type { ChatEntry } from '~/lib/stores/chat';
import { createSnapshotsStore } from '~/lib/stores/snapshots';
import { createFakeSandbox } from '~/lib/stores/testing/fake-sandbox';
import { createSnapshotController, pathsToKeep, toSnapshotFiles, type SnapshotControllerOptions } from './snapshot-controller';

const answer: ChatEntry = { id: 'a1', role: 'assistant', content: 'Here you go' };
const text = (content: string) => ({ content, isBinary: false });

function setup(overrides: Partial<SnapshotControllerOptions> & { client?: Partial<SnapshotClient> } = {}) {
  const saved: Array<{ messageId: string; files: SnapshotFiles }> = [];
  const client: SnapshotClient = {
    save: async (_project, messageId, files) => {
      saved.push({ messageId, files });
      return { messageId, createdAt: 'now' };
    },
    list: async () => [],
    load: async () => ({ 'server.js': { type: 'file', content: 'old server' } }),
    apply: async () => ({ editedAt: '2026-02-02T00:00:00.000Z' }),
    ...overrides.client,
  };
  const sandbox = createFakeSandbox({ 'server.js': 'new server', 'package-lock.json': '{}', 'logo.png': new Uint8Array([1]) });
  const onError = vi.fn();
  const onRestored = vi.fn();
  const controller = createSnapshotController({
    projectId: 'p1',
    canSnapshot: () => true,
    getFiles: () => ({ 'server.js': text('new server'), 'package-lock.json': text('{}'), 'logo.png': { content: '', isBinary: true } }),
    getSandbox: () => sandbox,
    waitForIdle: async () => undefined,
    onError,
    onRestored,
    createStore: (keepPath) => createSnapshotsStore({ projectId: 'p1', client, keepPath }),
    ...overrides,
  });
  return { controller, saved, sandbox, onError, onRestored };
}

describe('snapshot after an answer', () => {
  it('waits for the answer\'s actions, then snapshots the saved set (no binaries, no lock files)', async () => {
    const order: string[] = [];
    const { controller, saved } = setup({
      waitForIdle: async () => {
        order.push('idle');
      },
    });
    await controller.afterAnswer(answer);
    order.push('saved');
    expect(order).toEqual(['idle', 'saved']);
    expect(saved).toEqual([{ messageId: 'a1', files: { 'server.js': { type: 'file', content: 'new server' } } }]);
    expect(controller.$snapshots.get().map((snapshot) => snapshot.messageId)).toEqual(['a1']);
  });

  it('reads the files the answer wrote from the sandbox (the watcher may not have reported them yet)', async () => {
    const action = (id: string, filePath: string, status: 'complete' | 'failed') =>
      ({ id, artifactId: 'x', messageId: 'a1', type: 'file', content: '', filePath, status, output: '' }) as const;
    const runtime = {
      $view: atom({
        segments: [],
        artifacts: {},
        actions: { f1: action('f1', './server.js', 'complete'), f2: action('f2', 'new.js', 'complete'), f3: action('f3', 'broken.js', 'failed') },
      }),
    } as unknown as AssistantRuntime;
    const readFile = vi.fn(async (path: string) => (path === 'server.js' ? 'fresh server' : path === 'new.js' ? 'new file' : null));
    const { controller, saved } = setup({ readFile });
    await controller.afterAnswer({ ...answer, runtime });
    expect(readFile.mock.calls.map(([path]) => path).sort()).toEqual(['new.js', 'server.js']);
    expect(saved[0].files).toEqual({ 'server.js': { type: 'file', content: 'fresh server' }, 'new.js': { type: 'file', content: 'new file' } });
  });

  it.each([
    ['a viewer who is not the owner', { canSnapshot: () => false }, answer],
    ['an answer that produced nothing', {}, { ...answer, content: '' }],
    ['a user message', {}, { ...answer, role: 'user' as const }],
  ])('takes none for %s', async (_name, overrides, entry) => {
    const { controller, saved } = setup(overrides);
    await controller.afterAnswer(entry);
    expect(saved).toEqual([]);
  });

  it("shows 'Failed to save snapshot' when the client gave up", async () => {
    const { controller, onError } = setup({ client: { save: async () => Promise.reject(new Error(SAVE_SNAPSHOT_FAILED)) } });
    await controller.afterAnswer(answer);
    expect(onError).toHaveBeenCalledWith(SAVE_SNAPSHOT_FAILED);
  });
});

describe('restore', () => {
  it('writes the snapshot, keeps files a snapshot cannot hold, and reports the new editedAt', async () => {
    const { controller, sandbox, onRestored } = setup();
    expect(await controller.restore('a1')).toBe(true);
    expect(new TextDecoder().decode(sandbox.files.get('server.js'))).toBe('old server');
    expect([...sandbox.files.keys()].sort()).toEqual(['logo.png', 'package-lock.json', 'server.js']);
    expect(onRestored).toHaveBeenCalledWith({ messageId: 'a1', editedAt: '2026-02-02T00:00:00.000Z' });
  });

  it('refuses a second restore while one runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await gate;
      return { 'server.js': { type: 'file' as const, content: 'old server' } };
    });
    const { controller, onRestored } = setup({ client: { load } });
    const first = controller.restore('a1');
    expect(controller.$restoring.get()).toBe('a1');
    expect(await controller.restore('a2')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(onRestored).toHaveBeenCalledTimes(1);
    expect(controller.$restoring.get()).toBeNull();
  });

  it("shows 'Failed to load snapshot' and leaves the files when loading fails", async () => {
    const { controller, sandbox, onError, onRestored } = setup({ client: { load: async () => Promise.reject(new Error('boom')) } });
    expect(await controller.restore('a1')).toBe(false);
    expect(onError).toHaveBeenCalledWith(LOAD_SNAPSHOT_FAILED);
    expect(onRestored).not.toHaveBeenCalled();
    expect(new TextDecoder().decode(sandbox.files.get('server.js'))).toBe('new server');
  });

  it('does nothing before the sandbox exists or for non-owners', async () => {
    expect(await setup({ getSandbox: () => null }).controller.restore('a1')).toBe(false);
    expect(await setup({ canSnapshot: () => false }).controller.restore('a1')).toBe(false);
  });
});

describe('snapshot file sets', () => {
  it('keeps only what saving keeps, as file entries', () => {
    expect(toSnapshotFiles({ 'a.js': text('A'), 'yarn.lock': text(''), 'b.png': { content: '', isBinary: true } })).toEqual({
      'a.js': { type: 'file', content: 'A' },
    });
  });

  it('lists ignored files and their folders as paths a restore keeps', () => {
    expect([...pathsToKeep({ 'public/img/logo.png': { content: '', isBinary: true }, 'src/a.ts': text('a') })].sort()).toEqual([
      'public',
      'public/img',
      'public/img/logo.png',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { createPreviewsStore } from './previews';

const url = (port: number) => `http://s1-${port}.localhost:3001/`;

describe('previews (spec §4)', () => {
  it('adds a preview per open port and removes it on close', () => {
    const store = createPreviewsStore();
    store.handlePort(5173, 'open', url(5173));
    store.handlePort(3000, 'open', url(3000));
    expect(store.$previews.get().map((preview) => preview.port)).toEqual([5173, 3000]);
    store.handlePort(5173, 'close', '');
    expect(store.$previews.get().map((preview) => preview.port)).toEqual([3000]);
    expect(store.$activePreview.get()?.port).toBe(3000);
  });

  it.each<[string, Array<number | { pick: number }>, number]>([
    ['a single preview is active', [5173], 5173],
    ['the lowest port becomes active when a second opens', [5173, 3000], 3000],
    ['only once: a later lower port does not take over', [5173, 3000, 2000], 3000],
    ['not when the user chose', [5173, { pick: 5173 }, 3000], 5173],
  ])('%s', (_name, steps, expected) => {
    const store = createPreviewsStore();
    for (const step of steps) {
      if (typeof step === 'number') store.handlePort(step, 'open', url(step));
      else store.selectPreview(step.pick);
    }
    expect(store.$activePreview.get()?.port).toBe(expected);
  });

  it('server-ready marks the preview ready with the url as baseUrl', () => {
    const store = createPreviewsStore();
    store.handlePort(5173, 'open', url(5173));
    expect(store.$paneState.get().kind).toBe('waiting-for-server');
    store.handleServerReady(5173, 'http://ready.localhost/');
    expect(store.$activePreview.get()).toMatchObject({ port: 5173, ready: true, baseUrl: 'http://ready.localhost/' });
    expect(store.$paneState.get().kind).toBe('ready');
  });

  it('reload bumps the key of the active preview', () => {
    const store = createPreviewsStore();
    store.handlePort(5173, 'open', url(5173));
    store.reloadPreview();
    store.reloadPreview(5173);
    expect(store.$activePreview.get()?.reloadKey).toBe(2);
  });

  it.each([
    [{ status: 'idle' as const }, 'idle'],
    [{ status: 'starting' as const, command: 'npm run dev' }, 'starting'],
    [{ status: 'crashed' as const, exitCode: 1 }, 'crashed'],
  ])('pane state without a preview: %j → %s', (server, kind) => {
    const store = createPreviewsStore();
    store.setDevServerState(server);
    expect(store.$paneState.get().kind).toBe(kind);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveState, type SaveStateOptions } from './save-state';

type Files = Record<string, string>;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(overrides: Partial<SaveStateOptions<Files>> = {}) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse(200, { editedAt: 'v2' }));
  const events = { conflict: vi.fn(), frozen: vi.fn(), tooBig: vi.fn(), error: vi.fn() };
  let files: Files | null = { 'index.html': '<h1>hi</h1>' };
  const state = createSaveState<Files>({
    slug: 'my-app',
    editedAt: 'v1',
    canSave: () => true,
    getAppFiles: () => files,
    waitForIdle: () => Promise.resolve(),
    onConflict: events.conflict,
    onFrozen: events.frozen,
    onTooBig: events.tooBig,
    onError: events.error,
    fetch: fetchMock as unknown as typeof fetch,
    ...overrides,
  });
  return { state, fetchMock, events, setFiles: (next: Files | null) => (files = next) };
}

function sentBody(fetchMock: ReturnType<typeof setup>['fetchMock'], call = 0): unknown {
  return JSON.parse(String(fetchMock.mock.calls[call][1]?.body));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('save state', () => {
  it('marks unsaved at once and saves once after the 100 ms debounce', async () => {
    const { state, fetchMock } = setup();
    state.markChanged();
    state.markChanged();
    expect(state.$status.get()).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/projects/my-app');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('PATCH');
    expect(sentBody(fetchMock)).toEqual({ project: { appFiles: { 'index.html': '<h1>hi</h1>' } }, editedAt: 'v1' });
    expect(state.$status.get()).toBe('saved');
    expect(state.$editedAt.get()).toBe('v2');
  });

  it('waits for processing to finish before saving', async () => {
    let finishProcessing = () => {};
    const idle = new Promise<void>((resolve) => (finishProcessing = resolve));
    const { state, fetchMock } = setup({ waitForIdle: () => idle });
    state.markChanged();
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchMock).not.toHaveBeenCalled();
    finishProcessing();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no files', { getAppFiles: (): Files => ({}) }],
    ['null files', { getAppFiles: (): Files | null => null }],
    ['no editedAt', { editedAt: null }],
    ['not allowed to save', { canSave: () => false }],
  ] as const)('skips the save with %s', async (_name, overrides) => {
    const { state, fetchMock } = setup(overrides as Partial<SaveStateOptions<Files>>);
    state.markChanged();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(state.$status.get()).toBe('unsaved');
  });

  it('raises a conflict on 409 and overwrites without editedAt when asked', async () => {
    const { state, fetchMock, events } = setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { lastEditor: 'ada', editedAt: '2026-01-01T00:00:00Z' }));
    state.markChanged();
    await vi.advanceTimersByTimeAsync(100);
    expect(events.conflict).toHaveBeenCalledWith({ lastEditor: 'ada', editedAt: '2026-01-01T00:00:00Z' });
    expect(state.$conflict.get()).toEqual({ lastEditor: 'ada', editedAt: '2026-01-01T00:00:00Z' });
    // While the conflict is open, further changes do not save over it.
    state.markChanged();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await state.overwrite();
    expect(sentBody(fetchMock, 1)).toEqual({ project: { appFiles: { 'index.html': '<h1>hi</h1>' } } });
    expect(state.$conflict.get()).toBeNull();
    expect(state.$status.get()).toBe('saved');
  });

  it.each([
    [422, 'frozen'],
    [413, 'tooBig'],
    [500, 'error'],
  ] as const)('answers %i by raising %s', async (status, event) => {
    const { state, fetchMock, events } = setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { errors: ['nope'] }));
    state.markChanged();
    await vi.advanceTimersByTimeAsync(100);
    expect(events[event]).toHaveBeenCalledTimes(1);
    expect(state.$status.get()).toBe('failed');
  });

  it('saves again when files change during a save', async () => {
    let release = () => {};
    const { state, fetchMock, setFiles } = setup();
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, { editedAt: 'v2' })))),
    );
    state.markChanged();
    await vi.advanceTimersByTimeAsync(100);
    expect(state.$status.get()).toBe('saving');
    setFiles({ 'index.html': '<h1>changed</h1>' });
    state.markChanged();
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBody(fetchMock, 1)).toEqual({ project: { appFiles: { 'index.html': '<h1>changed</h1>' } }, editedAt: 'v2' });
    expect(state.$status.get()).toBe('saved');
  });

  it('reports a network failure without throwing', async () => {
    const { state, fetchMock, events } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    state.markChanged();
    await vi.advanceTimersByTimeAsync(100);
    expect(events.error).toHaveBeenCalledWith('Failed to fetch');
    expect(state.$status.get()).toBe('failed');
  });
});

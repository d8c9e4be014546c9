import { atom, type WritableAtom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { encodeChatStreamPart, type ChatStreamPart } from '~/lib/chat/chat-stream';
import { applyParserEvent, EMPTY_MESSAGE_VIEW, type MessageView } from '~/lib/project/message-view';
import { createMessageParser } from '~/lib/runtime/message-parser';
import { createChatStore, type AssistantRuntime, type ChatMessage } from './chat';

/** A runtime that parses for real and records every call, so we can see what the store pushes. */
function createRecordingRuntime(messageId: string) {
  const $view = atom<MessageView>(EMPTY_MESSAGE_VIEW);
  const $busy = atom(false);
  const parser = createMessageParser(messageId, (event) => $view.set(applyParserEvent($view.get(), event)));
  const pushes: string[] = [];
  const runtime: AssistantRuntime & { pushes: string[]; ended: boolean; aborted: boolean } = {
    pushes,
    ended: false,
    aborted: false,
    $view,
    $busy,
    push(delta) {
      pushes.push(delta);
      parser.push(delta);
    },
    end() {
      runtime.ended = true;
      parser.end();
    },
    abort() {
      runtime.aborted = true;
    },
  };
  return runtime;
}

/** A /api/chat response whose parts we release one at a time. */
function createControlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    send(part: ChatStreamPart) {
      controller.enqueue(encoder.encode(encodeChatStreamPart(part)));
    },
    close() {
      controller.close();
    },
  };
}

const finishPart: ChatStreamPart = { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 }, segments: 1 };

function setup(initialMessages: ChatMessage[] = [], waitUntilReady?: () => Promise<void>) {
  const stream = createControlledStream();
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => stream.response);
  const runtimes: ReturnType<typeof createRecordingRuntime>[] = [];
  const persist = vi.fn(async (_messages: ChatMessage[]) => {});
  let nextId = 0;
  const store = createChatStore({
    initialMessages,
    createRuntime: (id) => {
      const runtime = createRecordingRuntime(id);
      runtimes.push(runtime);
      return runtime;
    },
    getFiles: () => ({ 'index.html': '<p>hi</p>' }),
    waitUntilReady,
    persist,
    fetch: fetchMock as unknown as typeof fetch,
    createId: () => `id${nextId++}`,
  });
  return { store, stream, fetchMock, runtimes, persist };
}

/** Lets the stream reader take what was enqueued. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('chat store streaming', () => {
  it('pushes each delta to the runtime as it arrives and updates the view incrementally', async () => {
    const { store, stream, fetchMock, runtimes, persist } = setup([{ id: 'old', role: 'user', content: 'earlier' }]);
    const before = store.$messages.get()[0];
    const sending = store.send('  Build a todo app  ');
    await flush();

    expect(store.$status.get()).toBe('streaming');
    expect(store.$processing.get()).toBe(true);
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body).toEqual({
      messages: [
        { id: 'old', role: 'user', content: 'earlier' },
        { id: 'id0', role: 'user', content: 'Build a todo app' },
      ],
      files: { 'index.html': '<p>hi</p>' },
    });

    const runtime = runtimes[0];
    const seenTexts: string[] = [];
    runtime.$view.listen((view) => {
      const first = view.segments[0];
      seenTexts.push(first?.type === 'text' ? first.text : '');
    });

    stream.send({ type: 'text', delta: 'Sure, ' });
    await flush();
    expect(runtime.pushes).toEqual(['Sure, ']);
    expect(seenTexts.at(-1)).toBe('Sure, ');

    stream.send({ type: 'text', delta: 'here it is.<boltArtifact id="t" title="Todo">' });
    await flush();
    stream.send({ type: 'text', delta: '<boltAction type="file" filePath="a.txt">A</boltAction></boltArtifact>' });
    stream.send(finishPart);
    await sending;

    // Deltas, never the joined message: nothing is re-parsed from the start.
    expect(runtime.pushes).toEqual([
      'Sure, ',
      'here it is.<boltArtifact id="t" title="Todo">',
      '<boltAction type="file" filePath="a.txt">A</boltAction></boltArtifact>',
    ]);
    expect(seenTexts).toContain('Sure, ');
    expect(seenTexts.at(-1)).toBe('Sure, here it is.');
    expect(runtime.ended).toBe(true);
    expect(Object.values(runtime.$view.get().actions).map((a) => a.filePath)).toEqual(['a.txt']);

    const messages = store.$messages.get();
    expect(messages.map((m) => [m.role, m.id])).toEqual([
      ['user', 'old'],
      ['user', 'id0'],
      ['assistant', 'id1'],
    ]);
    // Finished entries keep their identity, so the list can memoize them.
    expect(messages[0]).toBe(before);
    expect(store.$streaming.get()).toBeNull();
    expect(persist).toHaveBeenCalledWith([
      { id: 'id0', role: 'user', content: 'Build a todo app' },
      { id: 'id1', role: 'assistant', content: 'Sure, here it is.<boltArtifact id="t" title="Todo"><boltAction type="file" filePath="a.txt">A</boltAction></boltArtifact>' },
    ]);
  });

  it('shows an error part on the answer and still saves the question', async () => {
    const { store, stream, persist } = setup();
    const sending = store.send('hello');
    await flush();
    stream.send({ type: 'error', code: 'api-error', message: 'No language model is configured.', retryable: false });
    await sending;
    const answer = store.$messages.get().at(-1);
    expect(answer?.error).toEqual({ code: 'api-error', message: 'No language model is configured.' });
    expect(persist).toHaveBeenCalledWith([{ id: 'id0', role: 'user', content: 'hello' }]);
  });

  it('stop aborts the request and the runtime, keeping what arrived', async () => {
    const { store, stream, runtimes } = setup();
    const sending = store.send('hello');
    await flush();
    stream.send({ type: 'text', delta: 'Partial' });
    await flush();
    store.stop();
    await sending;
    expect(runtimes[0].aborted).toBe(true);
    expect(runtimes[0].ended).toBe(false);
    const answer = store.$messages.get().at(-1);
    expect(answer).toMatchObject({ role: 'assistant', content: 'Partial', stopped: true });
    expect(answer?.error).toBeUndefined();
    expect(store.$status.get()).toBe('idle');
  });

  it('ignores empty messages and a second send while streaming', async () => {
    const { store, stream, fetchMock } = setup();
    await store.send('   ');
    expect(fetchMock).not.toHaveBeenCalled();
    const first = store.send('one');
    await flush();
    await store.send('two');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stream.send(finishPart);
    await first;
  });

  it('waits for busy actions before reporting idle', async () => {
    const { store, stream, runtimes } = setup();
    const sending = store.send('go');
    await flush();
    const busy = runtimes[0].$busy as WritableAtom<boolean>;
    busy.set(true);
    stream.send(finishPart);
    await sending;
    let idle = false;
    const waiting = store.waitForIdle().then(() => (idle = true));
    await flush();
    expect(idle).toBe(false);
    busy.set(false);
    await waiting;
    expect(idle).toBe(true);
  });

  it('shows the question at once while the sandbox starts, then streams', async () => {
    let becomeReady = () => {};
    const ready = new Promise<void>((resolve) => (becomeReady = resolve));
    const { store, stream, fetchMock } = setup([], () => ready);
    const sending = store.send('hello');
    await flush();
    expect(store.$messages.get().map((m) => m.content)).toEqual(['hello']);
    expect(store.$streaming.get()?.role).toBe('assistant');
    expect(store.$streaming.get()?.runtime).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    becomeReady();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stream.send(finishPart);
    await sending;
  });

  it('shows why when the sandbox never becomes ready', async () => {
    const { store, fetchMock } = setup([], () => Promise.reject(new Error('The sandbox is not running')));
    await store.send('hello');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.$messages.get().at(-1)?.error).toEqual({ code: 'unknown', message: 'The sandbox is not running' });
    expect(store.$status.get()).toBe('idle');
  });
});

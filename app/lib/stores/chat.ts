/**
 * The chat of one open project: saved messages, the message being streamed, sending and stopping.
 *
 * Streaming: each text delta from /api/chat goes to the message's runtime with `push(delta)` (the
 * runtime parses incrementally and runs actions); the content is only accumulated for saving. Finished
 * messages keep their object identity so the list can memoize them; only the streaming message's
 * runtime view changes per chunk.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { readChatStream, type ChatErrorPart } from '~/lib/chat/chat-stream';
import { buildSavedMessageView, type MessageView } from '~/lib/project/message-view';
import { getErrorMessage } from '~/utils/errors';

export type ChatRole = 'user' | 'assistant';

/** A message as the server stores it and /api/chat reads it. */
export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
}

/** What the chat needs from the runtime of one assistant message. */
export interface AssistantRuntime {
  push(delta: string): void;
  end(): void;
  abort(): void;
  readonly $view: ReadableAtom<MessageView>;
  /** True while an action other than a long-running start command is pending or running. */
  readonly $busy: ReadableAtom<boolean>;
}

export interface ChatEntry extends ChatMessage {
  /** Assistant messages of this session: their actions may still be running. */
  runtime?: AssistantRuntime;
  /** Saved assistant messages: parsed once, nothing runs. */
  view?: MessageView;
  error?: Pick<ChatErrorPart, 'code' | 'message'>;
  /** The user pressed stop while this answer streamed. */
  stopped?: boolean;
}

export type ChatStatus = 'idle' | 'streaming';

export interface ChatStoreOptions {
  initialMessages: readonly ChatMessage[];
  createRuntime: (messageId: string) => AssistantRuntime;
  /** Resolves when runtimes can be created (the sandbox is up); rejects with why not. */
  waitUntilReady?: () => Promise<void>;
  /** Text files to send with each request (already filtered by the ignore rules). */
  getFiles: () => Record<string, string>;
  projectId?: string;
  /** Save the user message and the answer once the answer ends. */
  persist?: (messages: ChatMessage[]) => Promise<void>;
  /** Called after each answer ends (whatever the outcome). */
  onAnswerEnd?: (entry: ChatEntry, index: number) => void;
  fetch?: typeof fetch;
  createId?: () => string;
}

export interface ChatStore {
  readonly $messages: ReadableAtom<readonly ChatEntry[]>;
  /** The assistant message being streamed, not yet in $messages. */
  readonly $streaming: ReadableAtom<ChatEntry | null>;
  readonly $status: ReadableAtom<ChatStatus>;
  /** Streaming, or an action of this session's answers still working: saves wait for this. */
  readonly $processing: ReadableAtom<boolean>;
  readonly $persistError: ReadableAtom<string | null>;
  send(text: string): Promise<void>;
  stop(): void;
  /** Resolves when nothing is streaming and no action is busy. */
  waitForIdle(): Promise<void>;
  dispose(): void;
}

function defaultId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

export function toSavedEntry(message: ChatMessage): ChatEntry {
  return message.role === 'assistant' ? { ...message, view: buildSavedMessageView(message.id, message.content) } : { ...message };
}

export function createChatStore(options: ChatStoreOptions): ChatStore {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const createId = options.createId ?? defaultId;
  const $messages = atom<readonly ChatEntry[]>(options.initialMessages.map(toSavedEntry));
  const $streaming = atom<ChatEntry | null>(null);
  const $status = computed($streaming, (streaming): ChatStatus => (streaming ? 'streaming' : 'idle'));
  const $persistError = atom<string | null>(null);
  const $runtimesBusy = atom(false);
  const busyUnsubscribers: Array<() => void> = [];
  const runtimes: AssistantRuntime[] = [];
  let controller: AbortController | null = null;

  const updateBusy = () => $runtimesBusy.set(runtimes.some((runtime) => runtime.$busy.get()));
  const $processing = computed([$streaming, $runtimesBusy], (streaming, busy) => streaming !== null || busy);

  function finish(entry: ChatEntry): ChatEntry[] {
    const next = [...$messages.get(), entry];
    $messages.set(next);
    $streaming.set(null);
    return next;
  }

  async function send(text: string): Promise<void> {
    const content = text.trim();
    if (content === '' || $streaming.get()) {
      return;
    }
    const userMessage: ChatEntry = { id: createId(), role: 'user', content };
    const history = [...$messages.get(), userMessage];
    $messages.set(history);

    const assistantId = createId();
    controller = new AbortController();
    const signal = controller.signal;
    // Shown at once (thinking dots) while the sandbox may still be starting.
    $streaming.set({ id: assistantId, role: 'assistant', content: '' });
    let runtime: AssistantRuntime;
    try {
      await options.waitUntilReady?.();
      runtime = options.createRuntime(assistantId);
    } catch (caught) {
      controller = null;
      finish({ id: assistantId, role: 'assistant', content: '', error: { code: 'unknown', message: getErrorMessage(caught) } });
      return;
    }
    runtimes.push(runtime);
    busyUnsubscribers.push(runtime.$busy.subscribe(updateBusy));
    $streaming.set({ id: assistantId, role: 'assistant', content: '', runtime });
    if (signal.aborted) {
      runtime.abort();
      finish({ id: assistantId, role: 'assistant', content: '', runtime, stopped: true });
      return;
    }
    let answer = '';
    let error: ChatEntry['error'];
    try {
      const response = await fetchImpl('/api/chat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          messages: history.map(({ id, role, content: body }) => ({ id, role, content: body })),
          files: options.getFiles(),
          projectId: options.projectId,
        }),
        signal,
      });
      const result = await readChatStream(
        response,
        (part) => {
          if (part.type === 'text') {
            answer += part.delta;
            runtime.push(part.delta);
          }
        },
        signal,
      );
      if (result.end?.type === 'error') {
        error = { code: result.end.code, message: result.end.message };
      }
    } catch (caught) {
      if (!signal.aborted) {
        error = { code: 'network-error', message: getErrorMessage(caught) };
      }
    }
    controller = null;

    const stopped = signal.aborted;
    if (stopped) {
      runtime.abort();
    } else {
      runtime.end();
    }
    const entry: ChatEntry = { id: assistantId, role: 'assistant', content: answer, runtime, error, stopped };
    const all = finish(entry);
    options.onAnswerEnd?.(entry, all.length - 1);
    if (options.persist) {
      // The question is kept even when no answer came, so it is not lost on reload.
      const toSave: ChatMessage[] = [{ id: userMessage.id, role: 'user', content: userMessage.content }];
      if (answer !== '') {
        toSave.push({ id: assistantId, role: 'assistant', content: answer });
      }
      try {
        await options.persist(toSave);
        $persistError.set(null);
      } catch (caught) {
        $persistError.set(getErrorMessage(caught));
      }
    }
  }

  return {
    $messages,
    $streaming,
    $status,
    $processing,
    $persistError,
    send,
    stop() {
      controller?.abort();
    },
    waitForIdle() {
      if (!$processing.get()) {
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const unsubscribe = $processing.listen((processing) => {
          if (!processing) {
            unsubscribe();
            resolve();
          }
        });
      });
    },
    dispose() {
      controller?.abort();
      busyUnsubscribers.forEach((unsubscribe) => unsubscribe());
    },
  };
}

import { describe, expect, it } from 'vitest';
import { type ChatStreamPart, encodeChatStreamPart, readChatStream } from './chat-stream';

const finish: ChatStreamPart = { type: 'finish', finishReason: 'stop', usage: { inputTokens: 10, outputTokens: 5 }, segments: 1 };
const wire = [{ type: 'text', delta: 'Hé llo ' } as const, { type: 'text', delta: '🔥 <boltArtifact id="a">' } as const, finish].map(encodeChatStreamPart).join('');

/** A response whose body arrives in pieces of `size` bytes (splitting UTF-8 sequences and lines). */
function chunked(text: string, size: number, init: ResponseInit = {}): Response {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
  return new Response(body, init);
}

async function collect(response: Response, signal?: AbortSignal) {
  const parts: ChatStreamPart[] = [];
  const result = await readChatStream(response, (part) => parts.push(part), signal);
  return { parts, ...result };
}

describe('readChatStream', () => {
  it.each([1, 2, 3, 7, 64, 100_000])('reads parts split into %i-byte pieces', async (size) => {
    const { parts, text, end } = await collect(chunked(wire, size));
    expect(text).toBe('Hé llo 🔥 <boltArtifact id="a">');
    expect(parts).toHaveLength(3);
    expect(end).toEqual(finish);
  });

  it('ends with a network-error part when the stream stops before a terminal part', async () => {
    const { text, end, parts } = await collect(chunked(encodeChatStreamPart({ type: 'text', delta: 'half' }), 5));
    expect(text).toBe('half');
    expect(end).toMatchObject({ type: 'error', code: 'network-error', retryable: true });
    expect(parts.at(-1)).toEqual(end);
  });

  it.each([
    ['not JSON', 'oops\n'],
    ['a text part without delta', '{"type":"text"}\n'],
    ['a finish part without usage', '{"type":"finish","finishReason":"stop"}\n'],
  ])('ends with bad-server-response on %s', async (_, line) => {
    const { end } = await collect(chunked(line, 4));
    expect(end).toMatchObject({ type: 'error', code: 'bad-server-response' });
  });

  it('skips part types it does not know', async () => {
    const { parts } = await collect(chunked(`{"type":"reasoning","delta":"hmm"}\n${wire}`, 9));
    expect(parts.map((p) => p.type)).toEqual(['text', 'text', 'finish']);
  });

  it('ignores anything after the terminal part', async () => {
    const { parts } = await collect(chunked(`${wire}${encodeChatStreamPart({ type: 'text', delta: 'late' })}`, 16));
    expect(parts.at(-1)).toEqual(finish);
    expect(parts).toHaveLength(3);
  });

  it.each<{ status: number; body: string; expected: Partial<ChatStreamPart> }>([
    { status: 503, body: '{"errors":["No language model is configured."]}', expected: { code: 'api-error', message: 'No language model is configured.', retryable: false } },
    { status: 400, body: '{"errors":["Bad",{"field":"messages.0.role","message":"Invalid"}]}', expected: { code: 'api-error', message: 'Bad\nmessages.0.role: Invalid' } },
    { status: 429, body: '{"errors":["Slow down"]}', expected: { code: 'rate-limited', retryable: true } },
    { status: 413, body: '{"errors":["Too big"]}', expected: { code: 'request-too-large', retryable: false } },
    { status: 502, body: '<html>Bad gateway</html>', expected: { code: 'bad-server-response', message: 'An unexpected status code 502 response was received from the server.', retryable: true } },
  ])('turns a $status refusal into one error part', async ({ status, body, expected }) => {
    const { parts, end } = await collect(new Response(body, { status }));
    expect(parts).toEqual([end]);
    expect(end).toMatchObject({ type: 'error', ...expected });
  });

  it('stops reading when the signal aborts, without a terminal part', async () => {
    const controller = new AbortController();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(encodeChatStreamPart({ type: 'text', delta: 'one' })));
      },
      cancel() {
        cancelled = true;
      },
    });
    const parts: ChatStreamPart[] = [];
    const result = await readChatStream(new Response(body), (part) => {
      parts.push(part);
      controller.abort();
    }, controller.signal);
    expect(result).toEqual({ text: 'one', end: null });
    expect(parts).toEqual([{ type: 'text', delta: 'one' }]);
    expect(cancelled).toBe(true);
  });
});

/**
 * The wire format of POST /api/chat and its browser-side reader.
 *
 * The answer is newline-delimited JSON (`application/x-ndjson`), one part per line:
 *   {"type":"text","delta":"…"}                                   any number, in order
 *   {"type":"finish","finishReason":"stop","usage":{…},"segments":1}   last line on success
 *   {"type":"error","code":"rate-limited","message":"…","retryable":true}   last line on failure
 * Exactly one terminal part (finish or error) ends every stream. We chose this over the AI SDK UI
 * message stream because a hand-written reader is a dozen lines and no client library is needed.
 * Requests the server refuses before streaming (bad body 400, no model configured 503) answer with
 * JSON `{ errors: [...] }`; readChatStream turns those into a single error part too, so the UI has
 * one code path.
 */
import { z } from 'zod';

/** Subset of spec §8 client error codes that a chat answer can end with. */
export type ChatErrorCode =
  | 'rate-limited'
  | 'overloaded'
  | 'request-too-large'
  | 'api-error'
  | 'network-error'
  | 'content-filter'
  | 'bad-server-response'
  | 'unknown';

export type ChatFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

export interface ChatUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

export type ChatTextPart = { type: 'text'; delta: string };
export type ChatErrorPart = { type: 'error'; code: ChatErrorCode; message: string; retryable: boolean };
/** `segments`: how many model calls the answer took (more than 1 when it was continued after a length stop). */
export type ChatFinishPart = { type: 'finish'; finishReason: ChatFinishReason; usage: ChatUsage; segments: number };
export type ChatStreamPart = ChatTextPart | ChatErrorPart | ChatFinishPart;

export const CHAT_STREAM_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

export function encodeChatStreamPart(part: ChatStreamPart): string {
  return `${JSON.stringify(part)}\n`;
}

const partSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({
    type: z.literal('error'),
    code: z.string().transform((code) => code as ChatErrorCode),
    message: z.string(),
    retryable: z.boolean().default(false),
  }),
  z.object({
    type: z.literal('finish'),
    finishReason: z.string().transform((reason) => reason as ChatFinishReason),
    usage: z.object({ inputTokens: z.number().nullable(), outputTokens: z.number().nullable() }),
    segments: z.number().int().default(1),
  }),
]);

const errorBodySchema = z.object({
  errors: z.array(z.union([z.string(), z.object({ field: z.string(), message: z.string() })])),
});

export interface ChatStreamResult {
  /** All text deltas joined. */
  text: string;
  /** The terminal part, or null when `signal` aborted the read. */
  end: ChatFinishPart | ChatErrorPart | null;
}

function errorFromRefusal(status: number, body: string): ChatErrorPart {
  let parsed: z.infer<typeof errorBodySchema> | undefined;
  try {
    const result = errorBodySchema.safeParse(JSON.parse(body));
    parsed = result.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.errors.length === 0) {
    return {
      type: 'error',
      code: 'bad-server-response',
      message: `An unexpected status code ${status} response was received from the server.`,
      retryable: true,
    };
  }
  const message = parsed.errors.map((e) => (typeof e === 'string' ? e : `${e.field}: ${e.message}`)).join('\n');
  if (status === 429) {
    return { type: 'error', code: 'rate-limited', message, retryable: true };
  }
  if (status === 413) {
    return { type: 'error', code: 'request-too-large', message, retryable: false };
  }
  // 503 from /api/chat means "no model configured": retrying will not help until the server changes.
  return { type: 'error', code: 'api-error', message, retryable: status >= 500 && status !== 503 };
}

const lostConnection: ChatErrorPart = {
  type: 'error',
  code: 'network-error',
  message: 'The connection to Kiln was lost before the answer was complete.',
  retryable: true,
};

/**
 * Reads a /api/chat response, calling `onPart` for every part as it arrives. Always ends with exactly
 * one terminal part (synthesised for refusals, broken lines and dropped connections) unless aborted.
 */
export async function readChatStream(
  response: Response,
  onPart: (part: ChatStreamPart) => void,
  signal?: AbortSignal,
): Promise<ChatStreamResult> {
  let text = '';
  const finish = (end: ChatFinishPart | ChatErrorPart): ChatStreamResult => {
    onPart(end);
    return { text, end };
  };

  if (!response.ok || !response.body) {
    return finish(errorFromRefusal(response.status, await response.text().catch(() => '')));
  }

  // Read the body directly (no pipeThrough), so cancelling the reader cancels the HTTP body at once.
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  let buffered = '';
  try {
    while (!signal?.aborted) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        return signal?.aborted ? { text, end: null } : finish(lostConnection);
      }
      if (chunk.done) {
        break;
      }
      buffered += decoder.decode(chunk.value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline !== -1 && !signal?.aborted) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
        if (line === '') {
          continue;
        }
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          json = undefined;
        }
        if (json && typeof json === 'object' && 'type' in json && !['text', 'error', 'finish'].includes(String(json.type))) {
          continue; // A part type from a newer server: skip it.
        }
        const part = partSchema.safeParse(json);
        if (!part.success) {
          stop();
          return finish({ type: 'error', code: 'bad-server-response', message: 'The server sent an answer Kiln could not read.', retryable: true });
        }
        if (part.data.type === 'text') {
          text += part.data.delta;
          onPart(part.data);
        } else {
          stop();
          return finish(part.data);
        }
      }
    }
    return signal?.aborted ? { text, end: null } : finish(lostConnection);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

import { type LanguageModel, type ModelMessage, streamText } from 'ai';
import { type ChatFinishReason, type ChatStreamPart, encodeChatStreamPart } from '~/lib/chat/chat-stream';
import { CONTINUE_PROMPT } from './prompts';
import { describeProviderError } from './provider-errors';

/** Model calls per answer: the first plus continuations after output-token ('length') stops. */
export const MAX_SEGMENTS = 3;

export const DEFAULT_STALL_TIMEOUT_MS = 5 * 60_000;

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface StreamChatOptions {
  model: LanguageModel;
  /** For error messages ("does not serve the model …"). */
  modelId: string;
  system: string;
  messages: ChatTurn[];
  /** Aborts the upstream call (pass request.signal so a closed tab stops the provider call). */
  signal?: AbortSignal;
  maxSegments?: number;
  /** Retries of a failed provider call inside the AI SDK. Default 2. */
  maxRetries?: number;
  maxOutputTokens?: number;
  /** Longest silence allowed between chunks from the provider. Generous, because CPU-only local models can
   * take minutes to read a long prompt before the first token. */
  stallTimeoutMs?: number;
  /** Told about every provider failure, for server logs. */
  onProviderError?: (error: unknown) => void;
}

type Usage = { inputTokens: number | null; outputTokens: number | null };

function addUsage(total: Usage, input: number | undefined, output: number | undefined): Usage {
  return {
    inputTokens: input === undefined ? total.inputTokens : (total.inputTokens ?? 0) + input,
    outputTokens: output === undefined ? total.outputTokens : (total.outputTokens ?? 0) + output,
  };
}

type SegmentEnd = { kind: 'finished'; finishReason: ChatFinishReason } | { kind: 'failed'; part: ChatStreamPart } | { kind: 'aborted' };

/**
 * The answer as parts. When a segment stops at the output-token limit we call again with the
 * partial answer as an assistant turn plus CONTINUE_PROMPT, and stream on as if nothing happened.
 */
async function* generateChatParts(options: StreamChatOptions, abortSignal: AbortSignal): AsyncGenerator<ChatStreamPart> {
  const maxSegments = options.maxSegments ?? MAX_SEGMENTS;
  let answer = '';
  let usage: Usage = { inputTokens: null, outputTokens: null };

  for (let segment = 1; segment <= maxSegments; segment++) {
    const messages: ModelMessage[] = options.messages.map((m) => ({ role: m.role, content: m.content }));
    if (segment > 1) {
      if (answer !== '') {
        messages.push({ role: 'assistant', content: answer });
      }
      messages.push({ role: 'user', content: CONTINUE_PROMPT });
    }
    const result = streamText({
      model: options.model,
      system: options.system,
      messages,
      abortSignal,
      maxRetries: options.maxRetries ?? 2,
      maxOutputTokens: options.maxOutputTokens,
      timeout: { chunkMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS },
      // Without onError the SDK prints provider failures with console.error; they reach us as parts.
      onError: () => {},
    });

    let end: SegmentEnd = { kind: 'finished', finishReason: 'other' };
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text !== '') {
          answer += part.text;
          yield { type: 'text', delta: part.text };
        } else if (part.type === 'finish') {
          usage = addUsage(usage, part.totalUsage.inputTokens, part.totalUsage.outputTokens);
          end = { kind: 'finished', finishReason: part.finishReason };
        } else if (part.type === 'error') {
          options.onProviderError?.(part.error);
          end = { kind: 'failed', part: describeProviderError(part.error, options.modelId) };
          break;
        } else if (part.type === 'abort') {
          end = { kind: 'aborted' };
          break;
        }
      }
    } catch (thrown) {
      options.onProviderError?.(thrown);
      end = abortSignal.aborted ? { kind: 'aborted' } : { kind: 'failed', part: describeProviderError(thrown, options.modelId) };
    }

    if (abortSignal.aborted) {
      return;
    }
    if (end.kind === 'aborted') {
      // Nobody aborted on our side, so the SDK's chunk timeout fired.
      const seconds = Math.ceil((options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS) / 1000);
      const message = `The model provider stopped sending for ${seconds} second${seconds === 1 ? '' : 's'}, so Kiln gave up on this answer.`;
      yield { type: 'error', code: 'network-error', message, retryable: true };
      return;
    }
    if (end.kind === 'failed') {
      yield end.part;
      return;
    }
    if (end.finishReason === 'content-filter') {
      yield { type: 'error', code: 'content-filter', message: "The model provider stopped the answer with its content filter.", retryable: false };
      return;
    }
    if (end.finishReason !== 'length') {
      yield { type: 'finish', finishReason: end.finishReason, usage, segments: segment };
      return;
    }
  }
  yield {
    type: 'error',
    code: 'api-error',
    message: `The answer was cut off: the model reached its output limit ${maxSegments} times in a row. Ask for a smaller change, or split the request into steps.`,
    retryable: false,
  };
}

/**
 * Streams a chat answer as newline-delimited JSON parts (see app/lib/chat/chat-stream.ts). Always ends
 * with one finish or error part, unless `signal` aborts or the reader cancels, which aborts upstream.
 */
export function streamChat(options: StreamChatOptions): ReadableStream<Uint8Array> {
  const cancelled = new AbortController();
  const abortSignal = options.signal ? AbortSignal.any([options.signal, cancelled.signal]) : cancelled.signal;
  const parts = generateChatParts(options, abortSignal);
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) {
        controller.close();
      } else {
        controller.enqueue(encoder.encode(encodeChatStreamPart(next.value)));
      }
    },
    cancel() {
      cancelled.abort();
    },
  });
}

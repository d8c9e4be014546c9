import { CHAT_STREAM_CONTENT_TYPE } from '~/lib/chat/chat-stream';
import { type ErrorPayloadItem, parseChatRequest } from './chat-request';
import { buildSystemPrompt } from './prompts';
import { getModelConfig, type ModelEnv } from './provider';
import { streamChat } from './stream-chat';

export interface ChatHandlerOptions {
  maxSegments?: number;
  maxRetries?: number;
  logger?: Pick<Console, 'warn'>;
}

function errorResponse(status: number, errors: ErrorPayloadItem[]): Response {
  return Response.json({ errors }, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * POST /api/chat. 400 `{errors}` for a bad body, 503 `{errors: [what to set]}` when no model is
 * configured (the client shows that as an error part), otherwise 200 with the NDJSON part stream.
 */
export async function handleChatRequest(request: Request, env: ModelEnv, options: ChatHandlerOptions = {}): Promise<Response> {
  if (request.method !== 'POST') {
    return errorResponse(405, ['Use POST for /api/chat']);
  }
  const body = await parseChatRequest(request);
  if (!body.ok) {
    return errorResponse(400, body.errors);
  }
  const config = getModelConfig(env);
  if (!config.ok) {
    return errorResponse(503, [config.message]);
  }
  const logger = options.logger ?? console;
  const stream = streamChat({
    model: config.model,
    modelId: config.modelId,
    system: buildSystemPrompt({ files: body.data.files, lockedFiles: body.data.lockedFiles }),
    messages: body.data.messages,
    signal: request.signal,
    maxSegments: options.maxSegments,
    maxRetries: options.maxRetries,
    onProviderError: (error) => logger.warn(`[llm] ${config.provider}/${config.modelId} call failed:`, error),
  });
  return new Response(stream, {
    headers: {
      'content-type': CHAT_STREAM_CONTENT_TYPE,
      'cache-control': 'no-store',
      // Proxies such as nginx would otherwise buffer the stream and the answer would arrive at once.
      'x-accel-buffering': 'no',
    },
  });
}

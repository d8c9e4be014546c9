import { type ActionFunctionArgs } from '@remix-run/node';
import { getEnv } from '~/lib/.server/env';
import { handleChatRequest } from '~/lib/.server/llm/chat-handler';

/** POST /api/chat: streams the model's answer (format: app/lib/chat/chat-stream.ts). */
export function action({ request }: ActionFunctionArgs) {
  return handleChatRequest(request, getEnv());
}

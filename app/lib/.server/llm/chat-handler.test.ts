import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '~/lib/.server/env';
import { type ChatStreamPart, readChatStream } from '~/lib/chat/chat-stream';
import { action } from '~/routes/api.chat';
import { type MockLlm, startMockLlm } from '../../../../tests/support/mock-llm';
import { handleChatRequest } from './chat-handler';
import { MAX_BODY_BYTES, MAX_MESSAGE_CHARS } from './chat-request';
import { NO_MODEL_MESSAGE } from './provider';

let llm: MockLlm;
const savedEnv = { ...process.env };
const quiet = { warn: () => {} };

beforeAll(async () => {
  llm = await startMockLlm({ replies: [{ match: 'todo', text: 'Here is your todo app.' }] });
});

afterAll(async () => {
  await llm.close();
});

afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
});

const userMessage = { id: 'm1', role: 'user', content: 'build a todo app' };

function post(body: unknown, init: RequestInit = {}): Request {
  return new Request('http://kiln.test/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

function callAction(request: Request): Promise<Response> {
  return action({ request, params: {}, context: {} });
}

describe('POST /api/chat', () => {
  it('streams the answer as NDJSON through the route action', async () => {
    process.env = { ...savedEnv, OPENAI_BASE_URL: llm.url, LLM_MODEL: 'mock-model', SESSION_SECRET: 'x'.repeat(32) };
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env.OPENAI_API_KEY;
    resetEnvForTests();
    const response = await callAction(post({ messages: [userMessage], files: { 'index.html': '<h1>hi</h1>' }, lockedFiles: ['index.html'] }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const parts: ChatStreamPart[] = [];
    const { text, end } = await readChatStream(response, (part) => parts.push(part));
    expect(text).toBe('Here is your todo app.');
    expect(end).toMatchObject({ type: 'finish', finishReason: 'stop' });
    const system = llm.requests.at(-1)?.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('<file path="index.html" locked="true">\n<h1>hi</h1>\n</file>');
    expect(llm.requests.at(-1)?.authorization).toBe('Bearer kiln-no-key');
  });

  it('answers 503 with what to set when no model is configured, which the client reads as an error part', async () => {
    const response = await handleChatRequest(post({ messages: [userMessage] }), {}, { logger: quiet });
    expect(response.status).toBe(503);
    expect(await response.clone().json()).toEqual({ errors: [NO_MODEL_MESSAGE] });
    const { end } = await readChatStream(response, () => {});
    expect(end).toEqual({ type: 'error', code: 'api-error', message: NO_MODEL_MESSAGE, retryable: false });
  });

  const env = () => ({ OPENAI_BASE_URL: llm.url, LLM_MODEL: 'mock-model' });

  it.each<{ name: string; body: unknown; error: string | { field: string; message?: string } }>([
    { name: 'not JSON', body: '{"messages": [', error: 'The request body must be JSON' },
    { name: 'empty body', body: '', error: 'The request body must be JSON' },
    { name: 'JSON array', body: [], error: 'Expected object, received array' },
    { name: 'no messages', body: {}, error: { field: 'messages', message: 'Required' } },
    { name: 'empty messages', body: { messages: [] }, error: { field: 'messages', message: 'At least one message is required' } },
    { name: 'wrong role', body: { messages: [{ ...userMessage, role: 'system' }] }, error: { field: 'messages.0.role' } },
    { name: 'content not a string', body: { messages: [{ ...userMessage, content: 42 }] }, error: { field: 'messages.0.content' } },
    { name: 'missing id', body: { messages: [{ role: 'user', content: 'x' }] }, error: { field: 'messages.0.id' } },
    { name: 'content too long', body: { messages: [{ ...userMessage, content: 'x'.repeat(MAX_MESSAGE_CHARS + 1) }] }, error: { field: 'messages.0.content' } },
    { name: 'too many messages', body: { messages: Array.from({ length: 201 }, (_, i) => ({ ...userMessage, id: `m${i}` })) }, error: { field: 'messages' } },
    { name: 'last message from assistant', body: { messages: [{ ...userMessage, role: 'assistant' }] }, error: { field: 'messages', message: 'The last message must be from the user' } },
    { name: 'files not text', body: { messages: [userMessage], files: { 'a.txt': 1 } }, error: { field: 'files.a.txt' } },
    { name: 'files too large', body: { messages: [userMessage], files: { a: 'x'.repeat(3_000_000), b: 'y'.repeat(3_000_000) } }, error: { field: 'files' } },
    { name: 'projectId not a string', body: { messages: [userMessage], projectId: 7 }, error: { field: 'projectId' } },
  ])('answers 400 for $name', async ({ body, error }) => {
    const before = llm.requests.length;
    const response = await handleChatRequest(post(body), env(), { logger: quiet });
    expect(response.status).toBe(400);
    expect(llm.requests.length).toBe(before);
    const payload = (await response.json()) as { errors: unknown[] };
    expect(payload.errors).toContainEqual(typeof error === 'string' ? error : expect.objectContaining(error));
  });

  it('answers 400 for a body over the size limit without reading it all', async () => {
    const response = await handleChatRequest(post('x'.repeat(MAX_BODY_BYTES + 1)), env(), { logger: quiet });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [expect.stringMatching(/larger than 16 MB/)] });
  });

  it('answers 405 to other methods', async () => {
    const response = await handleChatRequest(new Request('http://kiln.test/api/chat', { method: 'PUT', body: '{}' }), env());
    expect(response.status).toBe(405);
  });

  it('aborting the request stops the upstream call', async () => {
    llm.setScript({ replies: [{ match: 'slow', text: 'tick '.repeat(500), chunkSize: 5, delayMs: 10 }] });
    const controller = new AbortController();
    const before = llm.requests.length;
    const response = await handleChatRequest(post({ messages: [{ ...userMessage, content: 'slow' }] }, { signal: controller.signal }), env(), { logger: quiet });
    const parts: ChatStreamPart[] = [];
    const reading = readChatStream(response, (part) => {
      parts.push(part);
      controller.abort();
    }, controller.signal);
    const { end } = await reading;
    await llm.requests[before].done;
    expect(llm.requests[before].closedEarly).toBe(true);
    expect(end).toBeNull();
    expect(parts.length).toBeGreaterThanOrEqual(1);
  });
});

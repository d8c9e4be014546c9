import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatStreamPart, readChatStream } from '~/lib/chat/chat-stream';
import { type MockLlm, startMockLlm } from '../../../../tests/support/mock-llm';
import { CONTINUE_PROMPT } from './prompts';
import { getModelConfig } from './provider';
import { type StreamChatOptions, streamChat } from './stream-chat';

let llm: MockLlm;

beforeAll(async () => {
  llm = await startMockLlm({ replies: [] });
});

afterAll(async () => {
  await llm.close();
});

function modelOptions(): Pick<StreamChatOptions, 'model' | 'modelId'> {
  const config = getModelConfig({ OPENAI_BASE_URL: llm.url, LLM_MODEL: 'mock-model' });
  if (!config.ok) {
    throw new Error(config.message);
  }
  return { model: config.model, modelId: config.modelId };
}

async function run(prompt: string, extra: Partial<StreamChatOptions> = {}) {
  const parts: ChatStreamPart[] = [];
  const stream = streamChat({ ...modelOptions(), system: 'You are Kiln.', messages: [{ role: 'user', content: prompt }], maxRetries: 0, ...extra });
  const result = await readChatStream(new Response(stream), (part) => parts.push(part));
  return { parts, ...result };
}

describe('streamChat against the mock OpenAI-compatible server', () => {
  it('streams a plain answer and ends with one finish part carrying usage', async () => {
    llm.setScript({ replies: [{ match: 'hello', text: 'Hi there, I am Kiln.', chunkSize: 4 }] });
    const { parts, text, end } = await run('say hello');
    expect(text).toBe('Hi there, I am Kiln.');
    expect(parts.filter((p) => p.type === 'text').length).toBeGreaterThan(1);
    expect(end).toMatchObject({ type: 'finish', finishReason: 'stop', segments: 1 });
    expect(end?.type === 'finish' && end.usage.outputTokens).toBeGreaterThan(0);
    expect(parts.at(-1)).toEqual(end);
    const sent = llm.requests.at(-1);
    expect(sent?.messages[0]).toEqual({ role: 'system', content: 'You are Kiln.' });
    expect(sent?.body).toMatchObject({ model: 'mock-model', stream: true });
  });

  it('continues across a length stop and yields the concatenated text', async () => {
    llm.setScript({
      replies: [
        { match: CONTINUE_PROMPT, text: 'rld! <boltAction type="shell">npm install</boltAction>', finishReason: 'stop' },
        { match: 'greet', text: 'Hello, wo', finishReason: 'length' },
      ],
    });
    const before = llm.requests.length;
    const { text, end } = await run('greet me');
    expect(text).toBe('Hello, world! <boltAction type="shell">npm install</boltAction>');
    expect(end).toMatchObject({ type: 'finish', finishReason: 'stop', segments: 2 });
    const continuation = llm.requests[before + 1];
    expect(continuation.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Hello, wo' },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
  });

  it('gives up after MAX_SEGMENTS length stops with an error part instead of hanging', async () => {
    llm.setScript({ replies: [{ text: 'more ', finishReason: 'length' }] });
    const before = llm.requests.length;
    const { text, end } = await run('write forever', { maxSegments: 3 });
    expect(text).toBe('more more more ');
    expect(end).toMatchObject({ type: 'error', code: 'api-error', retryable: false });
    expect(end?.type === 'error' && end.message).toMatch(/output limit 3 times/);
    expect(llm.requests.length - before).toBe(3);
  });

  it.each([
    { status: 500, code: 'api-error', message: /HTTP 500/ },
    { status: 429, code: 'rate-limited', message: /rate-limiting/ },
    { status: 401, code: 'api-error', message: /rejected the API key/ },
    { status: 404, code: 'api-error', message: /does not serve the model "mock-model"/ },
    { status: 503, code: 'overloaded', message: /overloaded/ },
  ])('turns a provider HTTP $status into an error part ($code)', async ({ status, code, message }) => {
    llm.setScript({ replies: [{ status, errorMessage: 'scripted failure' }] });
    const { parts, end } = await run('anything');
    expect(parts).toHaveLength(1);
    expect(end).toMatchObject({ type: 'error', code });
    expect(end?.type === 'error' && end.message).toMatch(message);
    expect(end?.type === 'error' && end.message).toContain('scripted failure');
  });

  it.each([
    { failure: 'bad-json' as const, code: 'bad-server-response' },
    { failure: 'disconnect' as const, code: 'network-error' },
  ])('turns a stream that breaks with $failure into an error part after the text so far', async ({ failure, code }) => {
    llm.setScript({ replies: [{ text: 'abcdefgh', chunkSize: 2, failAfterChunks: 2, failure }] });
    const { text, end } = await run('break please');
    expect(text).toBe('abcd');
    expect(end).toMatchObject({ type: 'error', code });
  });

  it('ends with an error part when the provider goes silent', async () => {
    llm.setScript({ replies: [{ match: 'stall', text: 'ab', chunkSize: 1, delayMs: 400 }] });
    const { end } = await run('stall', { stallTimeoutMs: 100 });
    expect(end).toMatchObject({ type: 'error', code: 'network-error', retryable: true });
    expect(end?.type === 'error' && end.message).toMatch(/stopped sending/);
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = await startMockLlm({ replies: [] });
    await closed.close();
    const config = getModelConfig({ OPENAI_BASE_URL: closed.url, LLM_MODEL: 'm' });
    if (!config.ok) {
      throw new Error(config.message);
    }
    const { end } = await run('hello', { model: config.model, modelId: 'm' });
    expect(end).toMatchObject({ type: 'error', code: 'network-error', retryable: true });
  });

  it('streams a 300 KB answer intact', async () => {
    const block = `<boltAction type="file" filePath="a.txt">${'x'.repeat(990)}</boltAction>\n`;
    llm.setScript({ replies: [{ match: 'big', text: block, repeat: 300, chunkSize: 4096 }] });
    const { text, end } = await run('big answer');
    expect(text).toBe(block.repeat(300));
    expect(end).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('aborting the request closes the upstream connection', async () => {
    llm.setScript({ replies: [{ match: 'slow', text: 'tick '.repeat(400), chunkSize: 5, delayMs: 10 }] });
    const controller = new AbortController();
    const before = llm.requests.length;
    const stream = streamChat({ ...modelOptions(), system: 's', messages: [{ role: 'user', content: 'slow' }], signal: controller.signal, maxRetries: 0 });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"text"');
    controller.abort();
    const upstream = llm.requests[before];
    await upstream.done;
    expect(upstream.closedEarly).toBe(true);
    // The stream ends (no hang) without inventing a terminal part for an aborted request.
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      rest += new TextDecoder().decode(next.value);
    }
    expect(rest).not.toContain('"type":"finish"');
  });

  it('cancelling the response body also closes the upstream connection', async () => {
    llm.setScript({ replies: [{ match: 'slow', text: 'tock '.repeat(400), chunkSize: 5, delayMs: 10 }] });
    const before = llm.requests.length;
    const stream = streamChat({ ...modelOptions(), system: 's', messages: [{ role: 'user', content: 'slow' }], maxRetries: 0 });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await llm.requests[before].done;
    expect(llm.requests[before].closedEarly).toBe(true);
  });
});

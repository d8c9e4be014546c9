import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockLlm, parseMockScript, startMockLlm } from './mock-llm';

let llm: MockLlm;

beforeAll(async () => {
  llm = await startMockLlm({ replies: [] });
});

afterAll(async () => {
  await llm.close();
});

function complete(content: string, baseUrl = llm.url): Promise<Response> {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'system', content: 's' }, { role: 'user', content }] }),
  });
}

/** The SSE events of a completion: parsed JSON chunks, and whether it ended with [DONE]. */
async function events(response: Response) {
  const raw = await response.text();
  const datas = raw.split('\n\n').filter(Boolean).map((event) => event.replace(/^data: /, ''));
  const done = datas.at(-1) === '[DONE]';
  const chunks = datas.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as { choices: Array<{ delta: { content?: string }; finish_reason: string | null }>; usage?: { completion_tokens: number } });
  const text = chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? '')).join('');
  const finishReason = chunks.flatMap((c) => c.choices.map((choice) => choice.finish_reason)).find(Boolean);
  return { chunks, text, finishReason, done, usage: chunks.at(-1)?.usage };
}

describe('mock LLM server', () => {
  it('lists a model', async () => {
    const response = await fetch(`${llm.url}/models`);
    expect(await response.json()).toMatchObject({ data: [{ id: 'mock-model' }] });
  });

  it('streams the scripted reply as OpenAI SSE chunks with finish reason, usage and [DONE]', async () => {
    llm.setScript({ replies: [{ match: 'hi', text: 'Hello world', chunkSize: 3, finishReason: 'length' }] });
    const response = await complete('hi there');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const result = await events(response);
    expect(result).toMatchObject({ text: 'Hello world', finishReason: 'length', done: true });
    expect(result.chunks.filter((c) => c.choices[0]?.delta.content)).toHaveLength(4);
    expect(result.usage?.completion_tokens).toBe(3);
    expect(llm.requests.at(-1)).toMatchObject({ lastUserMessage: 'hi there', authorization: 'Bearer test', closedEarly: false });
  });

  it.each([
    { message: 'please continue', expected: 'by string' },
    { message: 'REGEX here', expected: 'by regex' },
    { message: 'anything else', expected: 'fallback' },
  ])('picks the first matching reply for "$message"', async ({ message, expected }) => {
    llm.setScript({ replies: [{ match: 'continue', text: 'by string' }, { match: /regex/i, text: 'by regex' }, { text: 'fallback' }] });
    expect((await events(await complete(message))).text).toBe(expected);
  });

  it('uses a reply at most `times` times, then falls through to the next', async () => {
    llm.setScript({ replies: [{ text: 'first', times: 2 }, { text: 'then' }] });
    const texts = [];
    for (let i = 0; i < 3; i++) {
      texts.push((await events(await complete('x'))).text);
    }
    expect(texts).toEqual(['first', 'first', 'then']);
  });

  it.each([429, 500, 401])('answers a scripted HTTP %i with an OpenAI-style error body', async (status) => {
    llm.setScript({ replies: [{ status, errorMessage: 'nope' }] });
    const response = await complete('x');
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { message: 'nope', type: 'mock_error' } });
  });

  it('answers 500 naming the message when no reply matches', async () => {
    llm.setScript({ replies: [{ match: 'only this', text: 'x' }] });
    const response = await complete('something else');
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toContain('no scripted reply matches \\"something else\\"');
  });

  it('streams a 300 KB answer quickly', async () => {
    llm.setScript({ replies: [{ text: 'z'.repeat(1000), repeat: 300, chunkSize: 8192 }] });
    const started = performance.now();
    const { text, done } = await events(await complete('big'));
    expect(text.length).toBe(300_000);
    expect(done).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('is controlled over HTTP: PUT /__mock/script, GET and DELETE /__mock/requests', async () => {
    const put = await fetch(`${llm.url.replace('/v1', '')}/__mock/script`, {
      method: 'PUT',
      body: JSON.stringify({ replies: [{ matchRegex: '^hel+o$', text: 'from json' }] }),
    });
    expect(put.status).toBe(200);
    expect((await events(await complete('HELLO'))).text).toBe('from json');
    const listed = (await (await fetch(`${llm.url.replace('/v1', '')}/__mock/requests`)).json()) as { requests: Array<{ lastUserMessage: string }> };
    expect(listed.requests.at(-1)?.lastUserMessage).toBe('HELLO');
    await fetch(`${llm.url.replace('/v1', '')}/__mock/requests`, { method: 'DELETE' });
    expect(llm.requests).toHaveLength(0);
  });

  it('parses JSON scripts strictly', () => {
    expect(parseMockScript({ replies: [{ match: 'a', matchRegex: 'b+' }] }).replies[0].match).toEqual(/b+/i);
    expect(() => parseMockScript({ replies: [{ status: 200 }] })).toThrow();
  });

  it('runs standalone from the command line with a script file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mock-llm-'));
    const scriptFile = path.join(dir, 'script.json');
    writeFileSync(scriptFile, JSON.stringify({ replies: [{ text: 'standalone' }] }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/mock-llm.ts', '--port', '0', '--script', scriptFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let output = '';
      while (!/listening on (\S+)/.test(output)) {
        const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
        output += chunk.toString();
      }
      const url = /listening on (\S+)/.exec(output)?.[1] ?? '';
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect((await events(await complete('x', url))).text).toBe('standalone');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

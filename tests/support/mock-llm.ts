/**
 * A scripted OpenAI-compatible model server for tests, e2e runs and benches: the only fake at the
 * model edge. It answers POST /v1/chat/completions with SSE chunks (or an HTTP error) chosen by the
 * last user message, and GET /v1/models.
 *
 * In-process:  const llm = await startMockLlm({ replies: [{ match: 'hello', text: 'Hi!' }] });
 *              process.env.OPENAI_BASE_URL = llm.url;   // 'http://127.0.0.1:<port>/v1'
 * Standalone:  node --import tsx tests/support/mock-llm.ts --port 4010 --script script.json
 *   Control over HTTP (for Playwright, which runs it in another process):
 *   PUT /__mock/script (a JSON script), GET /__mock/requests, DELETE /__mock/requests.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';

export interface MockReply {
  /** Chooses this reply when the last user message contains this text or matches this RegExp. Omitted: any. */
  match?: string | RegExp;
  /** The answer text (repeated `repeat` times, to script large answers in a small JSON file). */
  text?: string;
  repeat?: number;
  /** Characters per SSE chunk. Default 32. */
  chunkSize?: number;
  /** Pause before every chunk, in ms. Default 0 (as fast as the socket takes it). */
  delayMs?: number;
  /** Default 'stop'. 'length' makes the client think it ran out of output tokens. */
  finishReason?: 'stop' | 'length';
  /** Answer with this HTTP status and an OpenAI-style error body instead of streaming. */
  status?: number;
  errorMessage?: string;
  /** Use this reply for at most this many calls, then skip it (scripts sequences of continuations). */
  times?: number;
  /** Break the stream after this many chunks: send invalid JSON, or drop the connection. */
  failAfterChunks?: number;
  failure?: 'bad-json' | 'disconnect';
}

export interface MockScript {
  replies: MockReply[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  messages: Array<{ role: string; content: string }>;
  lastUserMessage: string;
  authorization: string | undefined;
  /** True when the connection closed before the answer was complete (the client aborted). */
  closedEarly: boolean;
  /** Settles when the answer is complete or the connection closed. */
  done: Promise<void>;
}

export interface MockLlm {
  /** Base URL including /v1, for OPENAI_BASE_URL. */
  url: string;
  requests: RecordedRequest[];
  setScript(script: MockScript): void;
  close(): Promise<void>;
}

const replyJsonSchema = z.object({
  match: z.string().optional(),
  matchRegex: z.string().optional(),
  text: z.string().optional(),
  repeat: z.number().int().min(1).optional(),
  chunkSize: z.number().int().min(1).optional(),
  delayMs: z.number().min(0).optional(),
  finishReason: z.enum(['stop', 'length']).optional(),
  status: z.number().int().min(400).max(599).optional(),
  errorMessage: z.string().optional(),
  times: z.number().int().min(1).optional(),
  failAfterChunks: z.number().int().min(0).optional(),
  failure: z.enum(['bad-json', 'disconnect']).optional(),
});
const scriptJsonSchema = z.object({ replies: z.array(replyJsonSchema) });

/** A script from JSON: `match` is a substring, `matchRegex` a case-insensitive regular expression. */
export function parseMockScript(json: unknown): MockScript {
  const parsed = scriptJsonSchema.parse(json);
  return {
    replies: parsed.replies.map(({ matchRegex, match, ...rest }) => ({
      ...rest,
      match: matchRegex === undefined ? match : new RegExp(matchRegex, 'i'),
    })),
  };
}

const chatBodySchema = z.object({
  model: z.string().default('mock'),
  messages: z.array(z.object({ role: z.string(), content: z.unknown() })),
});

function contentToText(content: unknown): string {
  if (typeof content === 'string') {
    return content;
  }
  if (Array.isArray(content)) {
    return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
  }
  return '';
}

function matches(reply: MockReply, lastUserMessage: string): boolean {
  if (reply.match === undefined) {
    return true;
  }
  return typeof reply.match === 'string' ? lastUserMessage.includes(reply.match) : reply.match.test(lastUserMessage);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves when the socket accepted the data or the connection is gone (never waits forever). */
function write(res: ServerResponse, data: string): Promise<void> {
  if (res.destroyed || res.write(data)) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function streamReply(res: ServerResponse, reply: MockReply, model: string, promptChars: number): Promise<void> {
  const text = (reply.text ?? '').repeat(reply.repeat ?? 1);
  const size = reply.chunkSize ?? 32;
  const id = `chatcmpl-mock-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let sent = 0;
  for (let offset = 0; offset < text.length; offset += size) {
    if (reply.failAfterChunks !== undefined && sent === reply.failAfterChunks) {
      if (reply.failure === 'disconnect') {
        // Let what was written reach the socket first, so the client sees text and then a dropped connection.
        await new Promise<void>((resolve) => res.write('', () => resolve()));
        res.destroy();
        return;
      }
      await write(res, 'data: {"choices": [ this is not json\n\n');
      res.end();
      return;
    }
    if (reply.delayMs) {
      await sleep(reply.delayMs);
    }
    if (res.destroyed) {
      return;
    }
    const delta = sent === 0 ? { role: 'assistant', content: text.slice(offset, offset + size) } : { content: text.slice(offset, offset + size) };
    await write(res, chunk([{ index: 0, delta, finish_reason: null }]));
    sent++;
  }
  const usage = { prompt_tokens: Math.ceil(promptChars / 4), completion_tokens: Math.ceil(text.length / 4) };
  await write(res, chunk([{ index: 0, delta: {}, finish_reason: reply.finishReason ?? 'stop' }]));
  await write(res, chunk([], { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }));
  res.end('data: [DONE]\n\n');
}

/** Starts the server on 127.0.0.1 (port 0 = any free port). */
export async function startMockLlm(initialScript: MockScript, options: { port?: number; host?: string } = {}): Promise<MockLlm> {
  let script = initialScript;
  let uses = new Map<MockReply, number>();
  const requests: RecordedRequest[] = [];

  const pickReply = (lastUserMessage: string): MockReply | undefined =>
    script.replies.find((reply) => matches(reply, lastUserMessage) && (reply.times === undefined || (uses.get(reply) ?? 0) < reply.times));

  const handleCompletion = async (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => {
    const parsed = chatBodySchema.safeParse(recorded.body);
    if (!parsed.success) {
      sendJson(res, 400, { error: { message: `mock-llm: bad request body: ${parsed.error.message}`, type: 'invalid_request_error' } });
      return;
    }
    recorded.messages = parsed.data.messages.map((m) => ({ role: m.role, content: contentToText(m.content) }));
    recorded.lastUserMessage = recorded.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const reply = pickReply(recorded.lastUserMessage);
    if (!reply) {
      const message = `mock-llm: no scripted reply matches ${JSON.stringify(recorded.lastUserMessage.slice(0, 200))}`;
      sendJson(res, 500, { error: { message, type: 'server_error' } });
      return;
    }
    uses.set(reply, (uses.get(reply) ?? 0) + 1);
    if (reply.status !== undefined) {
      sendJson(res, reply.status, { error: { message: reply.errorMessage ?? `mock-llm: scripted HTTP ${reply.status}`, type: 'mock_error' } });
      return;
    }
    const promptChars = recorded.messages.reduce((sum, m) => sum + m.content.length, 0);
    await streamReply(res, reply, parsed.data.model, promptChars);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    const raw = await readBody(req);
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: 'mock-model', object: 'model', created: 0, owned_by: 'kiln-tests' }] });
      return;
    }
    if (path === '/__mock/script' && req.method === 'PUT') {
      script = parseMockScript(JSON.parse(raw));
      uses = new Map();
      sendJson(res, 200, { ok: true });
      return;
    }
    if (path === '/__mock/requests') {
      if (req.method === 'DELETE') {
        requests.length = 0;
      }
      sendJson(res, 200, { requests: requests.map(({ done: _done, ...rest }) => rest) });
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      let resolveDone = () => {};
      const recorded: RecordedRequest = {
        method: req.method,
        path,
        body: undefined,
        messages: [],
        lastUserMessage: '',
        authorization: req.headers.authorization,
        closedEarly: false,
        done: new Promise((resolve) => (resolveDone = resolve)),
      };
      res.on('close', () => {
        recorded.closedEarly = !res.writableFinished;
        resolveDone();
      });
      requests.push(recorded);
      try {
        recorded.body = JSON.parse(raw);
      } catch {
        sendJson(res, 400, { error: { message: 'mock-llm: body is not JSON', type: 'invalid_request_error' } });
        return;
      }
      await handleCompletion(req, res, recorded);
      return;
    }
    sendJson(res, 404, { error: { message: `mock-llm: no route ${req.method} ${path}`, type: 'not_found' } });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, { error: { message: `mock-llm: ${String(error)}`, type: 'server_error' } });
      } else {
        res.destroy();
      }
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}/v1`,
    requests,
    setScript(next) {
      script = next;
      uses = new Map();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4010' }, host: { type: 'string' }, script: { type: 'string' } } });
  const script = values.script ? parseMockScript(JSON.parse(readFileSync(values.script, 'utf8'))) : { replies: [] };
  const llm = await startMockLlm(script, { port: Number(values.port), host: values.host });
  console.info(`mock-llm listening on ${llm.url}`);
  const stop = () => void llm.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Runs only when executed directly, never on import.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

import { describe, expect, it, vi } from 'vitest';
import { encodeChatStreamPart, type ChatStreamPart } from '~/lib/chat/chat-stream';
import { detectFramework } from '~/lib/runtime/framework';
import { ShellSession } from '~/lib/runtime/shell-session';
import { FakeSandbox } from '~/lib/runtime/testing/fake-sandbox';
import { createWorkbenchStore } from '~/lib/stores/workbench';
import type { ProjectPageData } from './page-data';
import { openProjectSession } from './project-session';
import { createAssistantRuntime } from './runtime-adapter';

const savedAnswer =
  '<boltArtifact id="a" title="Old"><boltAction type="shell">rm -rf / --this-must-never-run</boltAction></boltArtifact>';

function pageData(overrides: Partial<ProjectPageData> = {}): ProjectPageData {
  return {
    project: { id: 'p1', slug: 'my-app', title: 'My app', editedAt: '2026-01-01T00:00:00.000Z', frozen: false, isOwner: true, visibility: 'private' },
    files: {
      'package.json': { content: JSON.stringify({ scripts: { dev: 'vite' }, devDependencies: { vite: '6' } }), isBinary: false },
      'index.html': { content: '<h1>saved</h1>', isBinary: false },
    },
    messages: [
      { id: 'u1', role: 'user', content: 'make it' },
      { id: 'a1', role: 'assistant', content: savedAnswer },
    ],
    sandbox: { kind: 'runner', url: 'ws://runner', sandboxId: 'abcdefgh1234', token: 't' },
    viewer: { id: 'v1', username: 'ada', isGuest: false },
    ...overrides,
  };
}

function ndjson(parts: ChatStreamPart[]): Response {
  return new Response(parts.map(encodeChatStreamPart).join(''), { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
}

/** Resolves once `check` passes; events here are spread over several async hops. */
async function eventually(check: () => void, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

type ExtraFetch = (url: string, init?: RequestInit) => Response | undefined;

function setup(data = pageData(), extraFetch: ExtraFetch = () => undefined) {
  const sandbox = new FakeSandbox({
    script: (command) => {
      // Dev servers keep running; everything else ends at once.
      if (!command.command.startsWith('vite') && !command.command.startsWith('npm run dev')) {
        command.exit(0);
      }
    },
  });
  const teardown = vi.spyOn(sandbox, 'teardown');
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const extra = extraFetch(String(url), init);
    if (extra) {
      return extra;
    }
    if (String(url) === '/api/chat') {
      return ndjson([
        { type: 'text', delta: 'Done. <boltArtifact id="b" title="Greeting page">' },
        { type: 'text', delta: '<boltAction type="file" filePath="hello.txt">hi</boltAction>' },
        { type: 'text', delta: '<boltAction type="shell">echo ok</boltAction></boltArtifact>' },
        { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 }, segments: 1 },
      ]);
    }
    if (String(url).endsWith('/messages')) {
      return new Response(null, { status: 204 });
    }
    return Response.json({ editedAt: '2026-01-02T00:00:00.000Z' });
  });
  const session = openProjectSession(data, {
    createSandbox: async () => sandbox,
    createWorkbench: (created) => createWorkbenchStore({ sandbox: created }),
    createShell: (created) => new ShellSession({ sandbox: created }),
    createRuntime: createAssistantRuntime,
    detectStartCommand: (json) => detectFramework(json)?.startCommand ?? null,
    fetch: fetchMock as unknown as typeof fetch,
    navigate: vi.fn(),
  });
  return { session, sandbox, teardown, fetchMock };
}

describe('project session', () => {
  it('boots nothing until started, so it can be created while rendering on the server', () => {
    const { session, sandbox } = setup();
    expect(session.$phase.get()).toEqual({ phase: 'booting' });
    expect(sandbox.fs.files.size).toBe(0);
    expect(session.chat.$messages.get().map((message) => message.id)).toEqual(['u1', 'a1']);
  });

  it('mounts the saved files and runs only install and start again, never the chat commands', async () => {
    const { session, sandbox } = setup();
    await session.start();
    expect(session.$phase.get()).toEqual({ phase: 'ready' });
    expect(sandbox.fs.files.get('index.html')).toBe('<h1>saved</h1>');
    await eventually(() => expect(sandbox.commands).toEqual(['npm install', 'npm run dev']));
    expect(sandbox.commands.join('\n')).not.toContain('--this-must-never-run');
    await session.dispose();
  });

  it('sends a message, runs its actions in the sandbox, saves the chat, and renames after the first answer', async () => {
    const { session, sandbox, fetchMock } = setup(pageData({ messages: [] }));
    await session.start();
    await session.send('make a greeting');
    await eventually(() => expect(sandbox.fs.files.get('hello.txt')).toBe('hi'));
    await eventually(() => expect(sandbox.commands).toContain('echo ok'));
    const chatBody = JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/chat')?.[1]?.body));
    expect(chatBody.messages.map((m: { content: string }) => m.content)).toEqual(['make a greeting']);
    expect(chatBody.files['index.html']).toBe('<h1>saved</h1>');
    expect(chatBody.files['package.json']).toBeDefined();
    const persisted = fetchMock.mock.calls.find(([url]) => url === '/api/projects/my-app/messages');
    expect(JSON.parse(String(persisted?.[1]?.body)).messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    await eventually(() => expect(session.$project.get().title).toBe('Greeting page'));
    await session.dispose();
  });

  it('tears the sandbox down on dispose', async () => {
    const { session, teardown } = setup();
    await session.start();
    await session.dispose();
    expect(teardown).toHaveBeenCalledTimes(1);
  });

  it('reports a sandbox that cannot start, and answers a message with why', async () => {
    const { session } = setup();
    const failing = openProjectSession(pageData(), {
      createSandbox: async () => {
        throw new Error('The Kiln runner took longer than 30s to start the sandbox');
      },
      createWorkbench: () => {
        throw new Error('unreachable');
      },
      createShell: () => {
        throw new Error('unreachable');
      },
      createRuntime: createAssistantRuntime,
      detectStartCommand: () => null,
    });
    await failing.start();
    expect(failing.$phase.get()).toEqual({ phase: 'failed', message: 'The Kiln runner took longer than 30s to start the sandbox' });
    await failing.send('hello');
    expect(failing.chat.$messages.get().at(-1)?.error?.message).toMatch(/sandbox is not running/);
    await session.dispose();
  });
});

describe('project session snapshots', () => {
  const restoredPackage = JSON.stringify({ scripts: { dev: 'vite' } });
  const snapshotFetch: ExtraFetch = (url, init) => {
    if (url === '/api/snapshot/p1' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { id: string };
      return Response.json({ messageId: body.id, createdAt: 'now' }, { status: 201 });
    }
    if (url === '/api/snapshot/p1') {
      return Response.json({ snapshots: [{ messageId: 'a1', createdAt: 'then' }] });
    }
    if (url === '/api/snapshot/p1/a1') {
      return Response.json({ 'index.html': { type: 'file', content: '<h1>old</h1>' }, 'package.json': { type: 'file', content: restoredPackage } });
    }
    if (url === '/api/snapshot/p1/apply/a1') {
      return Response.json({ editedAt: '2026-05-05T00:00:00.000Z' });
    }
    return undefined;
  };

  it('snapshots the saved file set after each answer', async () => {
    const { session, fetchMock } = setup(pageData({ messages: [] }), snapshotFetch);
    await session.start();
    await session.send('make a greeting');
    const answerId = session.chat.$messages.get().at(-1)?.id;
    await eventually(() => expect(session.snapshots.$snapshots.get()[0]?.messageId).toBe(answerId));
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/snapshot/p1' && init?.method === 'POST');
    const body = JSON.parse(String(post?.[1]?.body)) as { id: string; snapshot: string };
    expect(body.id).toBe(answerId);
    expect(JSON.parse(body.snapshot)['hello.txt']).toEqual({ type: 'file', content: 'hi' });
    await session.dispose();
  });

  it('restores: files back, the new editedAt kept for later saves, the app restarted', async () => {
    const { session, sandbox, fetchMock } = setup(pageData(), snapshotFetch);
    await session.start();
    await eventually(() => expect(sandbox.commands).toEqual(['npm install', 'npm run dev']));
    await eventually(() => expect(session.snapshots.$snapshots.get().map((snapshot) => snapshot.messageId)).toEqual(['a1']));
    const first = session.restore('a1');
    expect(await session.restore('a1')).toBe(false);
    // A save asked for during the restore waits for it, or it would carry the editedAt from before.
    const saving = session.save.save();
    expect(await first).toBe(true);
    await saving;
    expect(sandbox.fs.files.get('index.html')).toBe('<h1>old</h1>');
    await eventually(() => expect(sandbox.commands).toEqual(['npm install', 'npm run dev', 'npm run dev']));
    const saves = fetchMock.mock.calls.filter(([url, init]) => url === '/api/projects/my-app' && init?.method === 'PATCH');
    expect(saves.map(([, init]) => JSON.parse(String(init?.body)).editedAt)).toEqual(['2026-05-05T00:00:00.000Z']);
    await session.dispose();
  });
});

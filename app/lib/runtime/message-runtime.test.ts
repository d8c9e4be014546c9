import { describe, expect, it, vi } from 'vitest';
import { UNFINISHED_ACTION_ERROR } from './message-parser';
import { createMessageRuntime, type MessageRuntime } from './message-runtime';
import { ShellSession } from './shell-session';
import { FakeSandbox } from './testing/fake-sandbox';
import type { StreamingFileEvent } from './types';

const PACKAGE_JSON = '{"scripts":{"dev":"vite"},"devDependencies":{"vite":"5"}}';

/** Long-running commands never exit by themselves in these tests; everything else exits 0. */
function createSandbox(files?: Record<string, string>) {
  return new FakeSandbox({
    files,
    script: (command) => {
      if (!/dev$/.test(command.command)) {
        command.exit(0);
      }
    },
  });
}

function feed(runtime: MessageRuntime, text: string, chunkSize = 7) {
  for (let index = 0; index < text.length; index += chunkSize) {
    runtime.push(text.slice(index, index + chunkSize));
  }
}

function actionsInOrder(runtime: MessageRuntime) {
  const actions = runtime.actions.get();
  return Object.values(runtime.artifacts.get()).flatMap((artifact) => artifact.actionIds.map((id) => actions[id]));
}

describe('createMessageRuntime', () => {
  it('runs an artifact with auto install, stripped installs and an auto start', async () => {
    const sandbox = createSandbox();
    const shell = new ShellSession({ sandbox });
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell });
    feed(
      runtime,
      [
        'Sure!\n',
        '<boltArtifact id="app" title="App">',
        `<boltAction type="file" filePath="package.json">${PACKAGE_JSON}</boltAction>`,
        '<boltAction type="file" filePath="src/main.ts">\nconsole.log("&lt;hi&gt;");\n</boltAction>',
        '<boltAction type="shell">npm install && npm run build</boltAction>',
        '<boltAction type="shell">npm i</boltAction>',
        '</boltArtifact>\nEnjoy.',
      ].join(''),
    );
    runtime.end();
    await runtime.settled();

    expect(sandbox.commands).toEqual(['npm install', 'npm run build', 'npm run dev']);
    expect(sandbox.fs.files.get('src/main.ts')).toBe('console.log("&lt;hi&gt;");\n');
    expect(runtime.segments.get()).toEqual([
      { type: 'text', text: 'Sure!\n' },
      { type: 'artifact', artifactId: 'm1-artifact-0' },
      { type: 'text', text: '\nEnjoy.' },
    ]);
    expect(runtime.artifacts.get()['m1-artifact-0']).toMatchObject({ title: 'App', slug: 'app', closed: true });
    expect(
      actionsInOrder(runtime).map((action) => [action.type, action.content.slice(0, 20), action.status, action.autoCreated ?? false]),
    ).toEqual([
      ['file', PACKAGE_JSON.slice(0, 20), 'complete', false],
      ['shell', 'npm install', 'complete', true],
      ['file', 'console.log("&lt;hi&', 'complete', false],
      ['shell', 'npm run build', 'complete', false],
      ['start', 'npm run dev', 'running', true],
    ]);
  });

  it('shows an unknown action as failed and an unfinished one as failed when the answer ends', async () => {
    const sandbox = createSandbox();
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell: new ShellSession({ sandbox }) });
    feed(runtime, '<boltArtifact title="T"><boltAction type="deploy">x</boltAction><boltAction type="file" filePath="a.ts">partial');
    runtime.end();
    await runtime.settled();
    expect(actionsInOrder(runtime).map((action) => [action.status, action.error])).toEqual([
      ['failed', 'Unknown action type "deploy"'],
      ['failed', UNFINISHED_ACTION_ERROR],
    ]);
    expect(sandbox.fs.files.size).toBe(0);
    expect(sandbox.commands).toEqual([]);
    expect(runtime.artifacts.get()['m1-artifact-0'].closed).toBe(true);
  });

  it('streams file events to the editor: start, deltas, full content at the end', async () => {
    const sandbox = createSandbox();
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell: new ShellSession({ sandbox }) });
    const events: StreamingFileEvent[] = [];
    runtime.onFileEvent((event) => events.push(event));
    feed(runtime, '<boltArtifact title="T"><boltAction type="file" filePath="a.ts">\nconst a = 1;\n</boltAction></boltArtifact>', 5);
    runtime.end();
    await runtime.settled();
    expect(events[0]).toEqual({ path: 'a.ts', content: '', status: 'start' });
    expect(events.at(-1)).toEqual({ path: 'a.ts', content: 'const a = 1;\n', status: 'end' });
    const streamed = events.filter((event) => event.status === 'stream').map((event) => event.content);
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed.join('')).toBe('const a = 1;\n');
  });

  it('abort stops the running command and never runs the rest', async () => {
    const sandbox = new FakeSandbox({ script: () => undefined });
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell: new ShellSession({ sandbox }) });
    feed(runtime, '<boltArtifact title="T"><boltAction type="shell">npm test</boltAction><boltAction type="file" filePath="b.ts">x</boltAction><boltAction type="shell">ls');
    await vi.waitFor(() => expect(sandbox.commands).toEqual(['npm test']));
    runtime.abort();
    await runtime.settled();
    expect(actionsInOrder(runtime).map((action) => action.status)).toEqual(['aborted', 'aborted', 'aborted']);
    expect(sandbox.fs.files.has('b.ts')).toBe(false);
    expect(sandbox.commands).toEqual(['npm test']);
  });

  it('adds a start from the existing package.json and does not restart a running dev server', async () => {
    const sandbox = createSandbox({ 'package.json': PACKAGE_JSON });
    const shell = new ShellSession({ sandbox });
    const first = createMessageRuntime({ messageId: 'm1', sandbox, shell });
    feed(first, '<boltArtifact title="T"><boltAction type="file" filePath="a.ts">1</boltAction></boltArtifact>');
    first.end();
    await first.settled();
    const second = createMessageRuntime({ messageId: 'm2', sandbox, shell });
    feed(second, '<boltArtifact title="T"><boltAction type="file" filePath="a.ts">2</boltAction></boltArtifact>');
    second.end();
    await second.settled();
    expect(sandbox.commands).toEqual(['npm run dev']);
    expect(actionsInOrder(first).at(-1)).toMatchObject({ type: 'start', status: 'running' });
    expect(actionsInOrder(second).at(-1)).toMatchObject({ type: 'start', status: 'skipped', error: 'The start command is already running' });
  });

  it('exposes one view atom and is busy until only a start command is left running', async () => {
    const sandbox = createSandbox();
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell: new ShellSession({ sandbox }) });
    const busy: boolean[] = [];
    runtime.$busy.subscribe((value) => busy.push(value));
    feed(runtime, 'Hi<boltArtifact title="T"><boltAction type="shell">npm test</boltAction><boltAction type="start">npm run dev</boltAction></boltArtifact>');
    runtime.end();
    await runtime.settled();
    expect(busy[0]).toBe(false);
    expect(busy).toContain(true);
    expect(runtime.$busy.get()).toBe(false);
    const view = runtime.$view.get();
    expect(view.segments).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'artifact', artifactId: 'm1-artifact-0' },
    ]);
    expect(Object.values(view.actions).map((action) => action.status)).toEqual(['complete', 'running']);
  });

  it('display mode shows stored actions without running anything', async () => {
    const sandbox = createSandbox();
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell: new ShellSession({ sandbox }), mode: 'display' });
    feed(runtime, `<boltArtifact title="T"><boltAction type="file" filePath="package.json">${PACKAGE_JSON}</boltAction><boltAction type="shell">npm i</boltAction></boltArtifact>`);
    runtime.end();
    await runtime.settled();
    expect(actionsInOrder(runtime).map((action) => [action.content.slice(0, 5), action.status, action.executed])).toEqual([
      ['{"scr', 'complete', false],
      ['npm i', 'complete', false],
    ]);
    expect(sandbox.commands).toEqual([]);
    expect(sandbox.fs.files.size).toBe(0);
  });
});

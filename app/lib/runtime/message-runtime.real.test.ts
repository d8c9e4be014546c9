/**
 * The runtime against Kiln's real runner (unsandboxed mode): a real bash with OSC 654 markers,
 * real files, real exit codes and a real Ctrl-C.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRunner, type TestRunner } from '../../../runner/test-support';
import { createMessageRuntime } from './message-runtime';
import { ShellSession } from './shell-session';
import type { Sandbox } from '../sandbox/types';

describe('message runtime on the real runner', () => {
  let runner: TestRunner;
  let sandbox: Sandbox;
  let shell: ShellSession;

  beforeAll(async () => {
    runner = await startTestRunner({ RUNNER_SANDBOX: 'none' });
    sandbox = await runner.connect();
    shell = new ShellSession({ sandbox });
  });

  afterAll(async () => {
    await shell?.dispose();
    await sandbox?.teardown();
    await runner?.close();
  });

  it('writes files, runs commands with their exit codes, and aborts a start command', async () => {
    const runtime = createMessageRuntime({ messageId: 'm1', sandbox, shell });
    runtime.push('Here:\n<boltArtifact id="t" title="T">');
    runtime.push('<boltAction type="file" filePath="src/a.txt">\nhello &lt;world&gt;\n</boltAction>');
    runtime.push('<boltAction type="shell">cat src/a.txt</boltAction>');
    runtime.push("<boltAction type=\"shell\">sh -c 'exit 3'</boltAction>");
    runtime.push('<boltAction type="start">node -e "console.log(\'up\'); setInterval(() => {}, 1000)"</boltAction>');
    runtime.push('</boltArtifact>');
    runtime.end();
    await runtime.settled();

    const actions = Object.values(runtime.actions.get());
    expect(actions.map((action) => [action.status, action.exitCode])).toEqual([
      ['complete', undefined],
      ['complete', 0],
      ['failed', 3],
      ['running', undefined],
    ]);
    expect(await sandbox.fs.readFile('src/a.txt', 'utf-8')).toBe('hello &lt;world&gt;\n');
    expect(actions[1].output).toContain('hello &lt;world&gt;');
    await vi.waitFor(() => expect(runtime.actions.get()['m1-3'].output).toContain('up'), { timeout: 10_000 });

    runtime.abort();
    await vi.waitFor(() => expect(runtime.actions.get()['m1-3']).toMatchObject({ status: 'aborted', exitCode: 130 }), { timeout: 10_000 });

    const next = createMessageRuntime({ messageId: 'm2', sandbox, shell });
    next.push('<boltArtifact title="U"><boltAction type="shell">echo again</boltAction></boltArtifact>');
    next.end();
    await next.settled();
    expect(Object.values(next.actions.get())[0]).toMatchObject({ status: 'complete', exitCode: 0 });
  });
});

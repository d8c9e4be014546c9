import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app/lib/sandbox/types';
import { OSC_EXIT_PREFIX, OSC_PROMPT } from '../protocol/runner';
import { escapeRegExp, readOutput, RUNNER_MODES, runToEnd, startTestRunner, type TestRunner } from './test-support';

describe.each(RUNNER_MODES)('runner processes ($name)', (mode) => {
  let runner: TestRunner;
  let sandbox: Sandbox;

  beforeAll(async () => {
    if (mode.skip) {
      return;
    }
    runner = await startTestRunner(mode.env, mode.config);
    sandbox = await runner.connect();
  });

  afterAll(async () => {
    await sandbox?.teardown();
    await runner?.close();
  });

  beforeEach((context) => {
    if (mode.skip) {
      context.skip(); // bubblewrap is not installed
    }
  });

  it.each([
    ['success', 'exit 0', 0],
    ['failure', 'exit 3', 3],
    ['killed by SIGTERM', 'kill -TERM $$', 143],
  ])('reports the exit code on %s', async (_name, script, expected) => {
    const process = await sandbox.spawn('sh', ['-c', script]);
    expect((await runToEnd(process)).exitCode).toBe(expected);
  });

  it('streams output and runs in the project folder', async () => {
    await sandbox.fs.writeFile('marker.txt', 'here');
    const { output, exitCode } = await runToEnd(await sandbox.spawn('sh', ['-c', 'cat marker.txt; pwd']));
    expect(exitCode).toBe(0);
    expect(output).toContain('here');
    expect(output).toMatch(runner.runner.sandboxed ? /\/home\/project\r?\n/ : /sandboxes/);
  });

  it('keeps the last output of quick processes', async () => {
    for (let i = 0; i < 15; i++) {
      const { output } = await runToEnd(await sandbox.spawn('sh', ['-c', `printf start; printf 'end-${i}'`]));
      expect(output).toBe(`startend-${i}`);
    }
  });

  it('runs node inside the sandbox', async () => {
    const { output } = await runToEnd(await sandbox.spawn('node', ['-e', 'console.log(6 * 7)']));
    expect(output).toContain('42');
  });

  it('kill() interrupts the whole tree with exit code 130', async () => {
    const process = await sandbox.spawn('sh', ['-c', 'sleep 30 & sleep 30; wait']);
    process.kill();
    expect((await runToEnd(process)).exitCode).toBe(130);
  });

  it('kill() still ends a tree that ignores SIGINT, reporting 130', async () => {
    const process = await sandbox.spawn('sh', ['-c', 'trap "" INT; sleep 30']);
    process.kill();
    expect((await runToEnd(process)).exitCode).toBe(130);
  });

  it('the shell prints prompt and exit markers, and Ctrl-C gives 130', async () => {
    const shell = await sandbox.spawnShell();
    const writer = shell.input.getWriter();
    const output = readOutput(shell);
    const exitMarker = (code: number) => new RegExp(`${escapeRegExp(OSC_EXIT_PREFIX)}${code}:0\\x07`);
    const firstPrompt = await output.waitFor(new RegExp(escapeRegExp(OSC_PROMPT)));
    expect(firstPrompt).not.toContain(OSC_EXIT_PREFIX);
    await writer.write('false\n');
    await output.waitFor(exitMarker(1));
    await writer.write('true\n');
    await output.waitFor(exitMarker(0));
    // Printed by the child itself, so it already owns the terminal when Ctrl-C arrives.
    await writer.write("sh -c 'echo sleep-started; exec sleep 30'\n");
    await output.waitFor(/^sleep-started/m);
    await writer.write('\x03');
    await output.waitFor(exitMarker(130));
    shell.kill();
    await shell.exit;
  });

  it('rejects a working folder outside the sandbox', async () => {
    await expect(sandbox.spawn('true', [], { cwd: '../..' })).rejects.toMatchObject({ code: 'EINVAL' });
  });
});

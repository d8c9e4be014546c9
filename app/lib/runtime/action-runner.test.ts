import { describe, expect, it, vi } from 'vitest';
import { ActionRunner, runPipe } from './action-runner';
import { checkFilePath } from './file-path';
import { ShellSession } from './shell-session';
import { FakeSandbox, type FakeCommandScript } from './testing/fake-sandbox';
import type { ActionData, ActionStatus } from './types';

function setup(script?: FakeCommandScript, files?: Record<string, string>, outputLimit?: number) {
  const sandbox = new FakeSandbox({ script, files });
  const shell = new ShellSession({ sandbox });
  const runner = new ActionRunner({ sandbox, shell, messageId: 'm1', outputLimit });
  let count = 0;
  const run = (data: ActionData, autoCreated = false) => {
    const id = `a${count++}`;
    runner.addAction({ id, artifactId: 'art', type: data.type, content: '', autoCreated, ...(data.type === 'file' ? { filePath: data.filePath } : {}) });
    return { id, status: runner.run(id, data) };
  };
  const state = (id: string) => runner.actions.get()[id];
  return { sandbox, shell, runner, run, state };
}

describe('ActionRunner file actions', () => {
  it('creates folders, writes the file and tells create from update', async () => {
    const { sandbox, run, state } = setup(undefined, { 'src/old.ts': 'old' });
    const created = run({ type: 'file', filePath: 'src/deep/new.ts', content: 'a &lt; b' });
    const updated = run({ type: 'file', filePath: './src/old.ts', content: 'new' });
    expect(await created.status).toBe('complete');
    expect(await updated.status).toBe('complete');
    expect(state(created.id)).toMatchObject({ kind: 'create', executed: true, filePath: 'src/deep/new.ts' });
    expect(state(updated.id)).toMatchObject({ kind: 'update', filePath: 'src/old.ts' });
    expect(sandbox.fs.files.get('src/deep/new.ts')).toBe('a &lt; b');
    expect(sandbox.fs.files.get('src/old.ts')).toBe('new');
  });

  it.each([
    ['/etc/passwd', 'must be relative to the project root'],
    ['C:/x.ts', 'must be relative to the project root'],
    ['../outside.ts', 'must not contain ".." segments'],
    ['src/../../x', 'must not contain ".." segments'],
    ['src\\a.ts', 'contains a backslash'],
    ['a\0b', 'contains a NUL character'],
    ['./', 'does not name a file'],
  ])('refuses the path %j', async (filePath, message) => {
    const { sandbox, run, state } = setup();
    const action = run({ type: 'file', filePath, content: 'x' });
    expect(await action.status).toBe('failed');
    expect(state(action.id).error).toContain(message);
    expect(sandbox.fs.files.size).toBe(0);
  });

  it('fails with the sandbox error when the write fails', async () => {
    const { sandbox, run, state } = setup();
    sandbox.fs.writeFile = () => Promise.reject(new Error('EACCES: permission denied'));
    const action = run({ type: 'file', filePath: 'a.ts', content: 'x' });
    expect(await action.status).toBe('failed');
    expect(state(action.id).error).toBe('EACCES: permission denied');
  });
});

describe('checkFilePath', () => {
  it.each([
    ['src//a.ts/', 'src/a.ts'],
    ['./a/./b.ts', 'a/b.ts'],
  ])('normalises %j', (input, expected) => {
    expect(checkFilePath(input)).toEqual({ ok: true, path: expected });
  });
});

describe('ActionRunner shell actions', () => {
  it.each<[number, ActionStatus, string | undefined]>([
    [0, 'complete', undefined],
    [1, 'failed', 'The command exited with code 1'],
    [130, 'aborted', 'The command was interrupted'],
  ])('exit %i → %s', async (code, expected, error) => {
    const { run, state } = setup((command) => {
      command.write('working\r\n');
      command.exit(code);
    });
    const action = run({ type: 'shell', content: 'npm test' });
    expect(await action.status).toBe(expected);
    expect(state(action.id)).toMatchObject({ exitCode: code, output: 'working\r\n' });
    expect(state(action.id).error).toBe(error);
  });

  it('is skipped when the shell goes away while waiting', async () => {
    const { sandbox, run, state } = setup(() => undefined);
    const action = run({ type: 'shell', content: 'sleep 10' });
    await vi.waitFor(() => expect(state(action.id).status).toBe('running'));
    await vi.waitFor(() => expect(sandbox.commands).toEqual(['sleep 10']));
    sandbox.shells[0].kill();
    expect(await action.status).toBe('skipped');
  });

  it('runs actions one after another in arrival order', async () => {
    const order: string[] = [];
    const { sandbox, run } = setup((command) => {
      order.push(command.command);
      setTimeout(() => command.exit(0), 1);
    });
    const statuses = [run({ type: 'shell', content: 'first' }), run({ type: 'file', filePath: 'f', content: '' }), run({ type: 'shell', content: 'second' })];
    await Promise.all(statuses.map((entry) => entry.status));
    expect(order).toEqual(['first', 'second']);
    expect(sandbox.fs.files.has('f')).toBe(true);
  });

  it('sends a multi-line command as one line and skips an empty one', async () => {
    const { sandbox, run, state } = setup();
    const multi = run({ type: 'shell', content: 'cd web\nnpm test' });
    const empty = run({ type: 'shell', content: '# nothing to do' });
    expect(await multi.status).toBe('complete');
    expect(await empty.status).toBe('skipped');
    expect(state(empty.id).error).toBe('The command is empty');
    expect(sandbox.commands).toEqual(['cd web && npm test']);
  });

  it('keeps only the tail of long output', async () => {
    const { run, state } = setup(
      (command) => {
        command.write('a'.repeat(50));
        command.write('b'.repeat(50));
        command.exit(0);
      },
      undefined,
      60,
    );
    const action = run({ type: 'shell', content: 'noisy' });
    await action.status;
    expect(state(action.id).output).toBe(`${'a'.repeat(10)}${'b'.repeat(50)}`);
  });
});

describe('ActionRunner start actions and abort', () => {
  it('does not block the queue on a start action and finishes it when the process ends', async () => {
    let devServer: Parameters<FakeCommandScript>[0] | undefined;
    const { run, state } = setup((command) => {
      if (command.command === 'npm run dev') {
        devServer = command;
      } else {
        command.exit(0);
      }
    });
    const start = run({ type: 'start', content: 'npm run dev' });
    const file = run({ type: 'file', filePath: 'after.ts', content: '' });
    expect(await start.status).toBe('running');
    expect(await file.status).toBe('complete');
    devServer?.exit(1);
    await vi.waitFor(() => expect(state(start.id)).toMatchObject({ status: 'failed', exitCode: 1 }));
  });

  it('aborting a running command interrupts it and keeps it aborted', async () => {
    const { sandbox, runner, run, state } = setup(() => undefined);
    const action = run({ type: 'shell', content: 'npm install' });
    await vi.waitFor(() => expect(sandbox.commands).toEqual(['npm install']));
    runner.abort(action.id);
    expect(await action.status).toBe('aborted');
    expect(sandbox.inputs).toContain('\x03');
    await vi.waitFor(() => expect(state(action.id).exitCode).toBe(130));
  });

  it('aborting pending actions means they never run', async () => {
    const { sandbox, runner, run, state } = setup(() => undefined);
    const running = run({ type: 'shell', content: 'long' });
    const pending = run({ type: 'file', filePath: 'never.ts', content: '' });
    await vi.waitFor(() => expect(sandbox.commands).toEqual(['long']));
    runner.abortAll();
    expect(await running.status).toBe('aborted');
    expect(await pending.status).toBe('aborted');
    expect(state(pending.id).executed).toBe(false);
    expect(sandbox.fs.files.has('never.ts')).toBe(false);
  });

  it('reports a command skipped by the terminal rules', async () => {
    const { sandbox, runner, shell, run, state } = setup(() => undefined);
    const dev = run({ type: 'start', content: 'npm run dev' });
    await dev.status;
    const again = run({ type: 'start', content: 'npm run dev' }, true);
    expect(await again.status).toBe('skipped');
    expect(state(again.id).error).toBe('The start command is already running');
    expect(sandbox.commands).toEqual(['npm run dev']);
    expect(shell.runningCommand?.ownerId).toBe(dev.id);
    runner.abort(dev.id);
    await vi.waitFor(() => expect(state(dev.id)).toMatchObject({ status: 'aborted', exitCode: 130 }));
  });
});

describe('runPipe', () => {
  it.each<[ActionStatus[], ActionStatus, number]>([
    [['complete', 'skipped', 'complete'], 'complete', 3],
    [['complete', 'failed', 'complete'], 'failed', 2],
    [['aborted', 'complete'], 'aborted', 1],
    [[], 'complete', 0],
  ])('%j → %s after %i steps', async (statuses, expected, calls) => {
    const step = vi.fn();
    const steps = statuses.map((status) => async () => {
      step();
      return status;
    });
    expect(await runPipe(steps)).toBe(expected);
    expect(step).toHaveBeenCalledTimes(calls);
  });
});

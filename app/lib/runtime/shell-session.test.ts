import { describe, expect, it, vi } from 'vitest';
import { createOscMarkerScanner } from './osc-markers';
import { ShellSession, type CommandStart, type Timers } from './shell-session';
import { FakeSandbox, type FakeCommand } from './testing/fake-sandbox';

function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (callback) => {
      pending.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    get pendingCount() {
      return pending.size;
    },
    fireAll() {
      const callbacks = [...pending.values()];
      pending.clear();
      callbacks.forEach((callback) => callback());
    },
  };
}

/** The exit promise of a started command, wrapped so that `await` does not wait for the exit. */
function started(result: CommandStart): { exit: Promise<number> } {
  if (result.kind !== 'started') {
    throw new Error(`expected the command to start, it was skipped: ${result.reason}`);
  }
  return { exit: result.exit };
}

describe('createOscMarkerScanner', () => {
  it.each<[string, string[], string[]]>([
    ['plain text', ['hello'], ['text:hello']],
    ['prompt and exit', ['a\x1b]654;exit=2:77\x07\x1b]654;prompt\x07b'], ['text:a', 'exit:2', 'prompt', 'text:b']],
    ['split everywhere', [...'x\x1b]654;exit=0:0\x07\x1b]654;prompt\x07'], ['text:x', 'exit:0', 'prompt']],
    ['other escape sequences pass through', ['\x1b[31mred\x1b]0;title\x07'], ['text:\x1b[31mred\x1b]0;title\x07']],
    ['an unknown 654 marker stays text', ['\x1b]654;other\x07'], ['text:\x1b]654;other\x07']],
  ])('%s', (_name, chunks, expected) => {
    const scanner = createOscMarkerScanner();
    const pieces = chunks.flatMap((chunk) => scanner.push(chunk));
    const summary = pieces.map((piece) =>
      piece.type === 'text' ? `text:${piece.text}` : piece.type === 'exit' ? `exit:${piece.code}` : 'prompt',
    );
    const joined = summary.reduce<string[]>((all, item) => {
      if (item.startsWith('text:') && all.at(-1)?.startsWith('text:')) {
        all[all.length - 1] += item.slice(5);
      } else {
        all.push(item);
      }
      return all;
    }, []);
    expect(joined).toEqual(expected);
  });
});

describe('ShellSession', () => {
  it.each([false, true])('runs a command and reports its exit code and output (split output: %s)', async (split) => {
    const sandbox = new FakeSandbox({
      script: (command) => {
        command.write(`ran ${command.command}\r\n`);
        command.exit(command.command === 'false' ? 1 : 0);
      },
    });
    sandbox.splitOutput = split;
    const shell = new ShellSession({ sandbox });
    const terminal: string[] = [];
    shell.attachTerminal({ write: (data) => terminal.push(data) });
    const output: string[] = [];
    const { exit } = started(await shell.execute({ messageId: 'm1', command: 'false', onOutput: (text) => output.push(text) }));
    expect(await exit).toBe(1);
    expect(output.join('')).toBe('ran false\r\n');
    expect(terminal.join('')).toContain('\x1b]654;exit=1:0\x07');
    expect(await started(await shell.execute({ messageId: 'm1', command: 'true' })).exit).toBe(0);
  });

  it('a command from another message kills the running one and skips that message later', async () => {
    const sandbox = new FakeSandbox({ script: (command) => (command.command === 'npm run dev' ? undefined : command.exit(0)) });
    const shell = new ShellSession({ sandbox });
    const { exit: dev } = started(await shell.execute({ messageId: 'm1', command: 'npm run dev', isStart: true }));
    const { exit: install } = started(await shell.execute({ messageId: 'm2', command: 'npm install' }));
    expect(await dev).toBe(130);
    expect(await install).toBe(0);
    expect(await shell.execute({ messageId: 'm1', command: 'ls' })).toEqual({
      kind: 'skipped',
      reason: 'A newer message took over the terminal',
    });
    expect(sandbox.commands).toEqual(['npm run dev', 'npm install']);
  });

  it('skips commands of other messages that were still waiting', async () => {
    let finishFirst: FakeCommand | undefined;
    const sandbox = new FakeSandbox({
      script: (command) => {
        if (command.command === 'slow') {
          command.ignoreInterrupts();
          finishFirst = command;
        } else {
          command.exit(0);
        }
      },
    });
    const timers = manualTimers();
    const shell = new ShellSession({ sandbox, timers: timers.timers });
    const { exit: slow } = started(await shell.execute({ messageId: 'm1', command: 'slow' }));
    const queuedOld = shell.execute({ messageId: 'm1', command: 'queued' });
    const fromNewMessage = shell.execute({ messageId: 'm2', command: 'new' });
    await vi.waitFor(() => expect(timers.pendingCount).toBe(1));
    finishFirst?.exit(0);
    expect(await slow).toBe(0);
    expect(await queuedOld).toEqual({ kind: 'skipped', reason: 'A newer message took over the terminal' });
    expect(await started(await fromNewMessage).exit).toBe(0);
    expect(sandbox.commands).toEqual(['slow', 'new']);
  });

  it.each([
    ['the same start command', { command: 'npm run dev', isStart: true }],
    ['an auto-created start', { command: 'npx vite', isStart: true, autoCreated: true }],
  ])('does not kill a running start for %s', async (_name, next) => {
    const sandbox = new FakeSandbox({ script: () => undefined });
    const shell = new ShellSession({ sandbox });
    started(await shell.execute({ messageId: 'm1', command: 'npm run dev', isStart: true }));
    expect(await shell.execute({ messageId: 'm2', ...next })).toEqual({
      kind: 'skipped',
      reason: 'The start command is already running',
    });
    expect(shell.runningCommand?.command).toBe('npm run dev');
  });

  it('restarts the shell and reports 130 when Ctrl-C brings no prompt within the grace period', async () => {
    const sandbox = new FakeSandbox({
      script: (command) => (command.command === 'stubborn' ? command.ignoreInterrupts() : command.exit(0)),
    });
    const timers = manualTimers();
    const shell = new ShellSession({ sandbox, timers: timers.timers });
    const { exit: stubborn } = started(await shell.execute({ messageId: 'm1', command: 'stubborn' }));
    const interrupted = shell.interrupt();
    await vi.waitFor(() => expect(timers.pendingCount).toBe(1));
    expect(sandbox.inputs).toContain('\x03');
    timers.fireAll();
    expect(await stubborn).toBe(130);
    await interrupted;
    expect(sandbox.shells).toHaveLength(2);
    expect(await started(await shell.execute({ messageId: 'm1', command: 'echo ok' })).exit).toBe(0);
  });

  it('ignores typing while an action command runs and passes it through otherwise', async () => {
    let running: FakeCommand | undefined;
    const sandbox = new FakeSandbox({ script: (command) => void (running = command) });
    const shell = new ShellSession({ sandbox });
    const { exit } = started(await shell.execute({ messageId: 'm1', command: 'build' }));
    shell.writeInput('x');
    running?.exit(0);
    await exit;
    shell.writeInput('y');
    await vi.waitFor(() => expect(sandbox.inputs).toContain('y'));
    expect(sandbox.inputs).not.toContain('x');
  });

  it('starts the shell when a terminal attaches and delivers early keystrokes in order', async () => {
    const sandbox = new FakeSandbox();
    const shell = new ShellSession({ sandbox });
    const terminal: string[] = [];
    shell.attachTerminal({ write: (data) => terminal.push(data) });
    shell.writeInput('l');
    shell.writeInput('s');
    await vi.waitFor(() => expect(sandbox.inputs).toEqual(['l', 's']));
    expect(sandbox.shells).toHaveLength(1);
    expect(terminal.join('')).toContain('\x1b]654;prompt\x07');
  });

  it('rejects the exit of a command whose shell disappears', async () => {
    const sandbox = new FakeSandbox({ script: () => undefined });
    const shell = new ShellSession({ sandbox });
    const { exit } = started(await shell.execute({ messageId: 'm1', command: 'sleep 100' }));
    sandbox.shells[0].kill();
    await expect(exit).rejects.toThrow('The terminal closed before the command ended');
  });
});

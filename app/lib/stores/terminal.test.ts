import { describe, expect, it, vi } from 'vitest';
import { createTerminalSink, stripAnsi } from './terminal';

function fakeTerminal() {
  const written: string[] = [];
  return { written, write: (data: string) => void written.push(data) };
}

describe('terminal sink', () => {
  it('replays output written before attach, then streams', () => {
    const sink = createTerminalSink();
    sink.write('early ');
    const terminal = fakeTerminal();
    const detach = sink.attach(terminal);
    sink.write('late');
    expect(terminal.written.join('')).toBe('early late');
    detach();
    sink.write(' after');
    expect(terminal.written.join('')).toBe('early late');
  });

  it('replays everything to a terminal attached again', () => {
    const sink = createTerminalSink();
    sink.attach(fakeTerminal())();
    sink.write('one\n');
    const second = fakeTerminal();
    sink.attach(second);
    expect(second.written.join('')).toBe('one\n');
  });

  it('caps the buffer at a line start', () => {
    const sink = createTerminalSink({ bufferLimit: 10 });
    sink.write('aaaa\nbbbb\ncccc\n');
    const terminal = fakeTerminal();
    sink.attach(terminal);
    expect(terminal.written.join('')).toBe('cccc\n');
  });

  it('forwards input and resize to the shell once connected', () => {
    const sink = createTerminalSink();
    const input: string[] = [];
    sink.input('lost');
    sink.setShellInput((data) => input.push(data));
    sink.input('ls\r');
    const sizes: unknown[] = [];
    sink.setShellResize((size) => sizes.push(size));
    sink.resize({ cols: 100, rows: 30 });
    expect(input).toEqual(['ls\r']);
    expect(sizes).toEqual([{ cols: 100, rows: 30 }]);
  });

  it('keeps the last readable lines for the preview pane, updated at most every 100 ms', () => {
    vi.useFakeTimers();
    const sink = createTerminalSink();
    sink.write('\u001b[32m> vite\u001b[39m\r\n\r\n');
    expect(sink.$recentLines.get()).toEqual(['> vite']);
    sink.write('progress 10%\rprogress 100%\n  Local: http://localhost:5173/\n');
    expect(sink.$recentLines.get()).toEqual(['> vite']);
    vi.advanceTimersByTime(100);
    vi.useRealTimers();
    expect(sink.$recentLines.get()).toEqual(['> vite', 'progress 100%', '  Local: http://localhost:5173/']);
  });

  it.each([
    ['\u001b[1;31mred\u001b[0m', 'red'],
    ['\u001b]654;prompt\u0007$ ', '$ '],
    ['\u001b[2K\u001b[1Gdone', 'done'],
  ])('stripAnsi(%j) → %j', (input, expected) => {
    expect(stripAnsi(input)).toBe(expected);
  });
});

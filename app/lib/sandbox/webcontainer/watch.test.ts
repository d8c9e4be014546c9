import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileChange } from '../types';
import { FakeFs } from './fake-webcontainer';
import { isBinaryContent, isWatchedPath, watchWorkdir, WATCH_BUFFER_MS } from './watch';

const text = (value: string) => new TextEncoder().encode(value);

describe('watchWorkdir', () => {
  let fs: FakeFs;
  let batches: FileChange[][];
  let errors: string[];
  let stop: () => void;

  beforeEach(async () => {
    vi.useFakeTimers();
    fs = new FakeFs();
    fs.putFile('src/old.ts', 'old');
    fs.putFile('src/lib/util.ts', 'util');
    batches = [];
    errors = [];
    const watch = watchWorkdir(fs, (changes) => batches.push(changes), (message) => errors.push(message));
    stop = watch;
    await watch.ready;
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
    expect(errors).toEqual([]);
  });

  it('watches the workdir recursively', () => {
    expect(fs.watchers.map(({ path, recursive }) => [path, recursive])).toEqual([['.', true]]);
  });

  it('buffers events for 100 ms and reports new and changed files with their content', async () => {
    fs.putFile('src/new.ts', 'new');
    fs.emit('rename', 'src/new.ts');
    fs.putFile('src/old.ts', 'changed');
    fs.emit('change', 'src/old.ts');
    fs.emit('change', 'src/old.ts');

    await vi.advanceTimersByTimeAsync(WATCH_BUFFER_MS - 1);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(batches).toEqual([
      [
        { type: 'add_file', path: 'src/new.ts', content: text('new'), binary: false },
        { type: 'change', path: 'src/old.ts', content: text('changed'), binary: false },
      ],
    ]);
  });

  it.each(['node_modules/react/index.js', '.git/HEAD', 'packages/a/node_modules/x.js'])('ignores %s', async (path) => {
    fs.putFile(path, 'x');
    fs.emit('rename', path);
    await vi.advanceTimersByTimeAsync(WATCH_BUFFER_MS);
    expect(batches).toEqual([]);
  });

  it('reports a new folder with the files already inside it', async () => {
    fs.putFile('assets/logo.png', new Uint8Array([137, 80, 78, 71, 0, 1]));
    fs.emit('rename', 'assets');
    await vi.advanceTimersByTimeAsync(WATCH_BUFFER_MS);

    expect(batches).toEqual([
      [
        { type: 'add_dir', path: 'assets' },
        { type: 'add_file', path: 'assets/logo.png', content: new Uint8Array([137, 80, 78, 71, 0, 1]), binary: true },
      ],
    ]);
  });

  it('reports a removed folder contents first', async () => {
    fs.removeTree('src');
    fs.emit('rename', 'src');
    await vi.advanceTimersByTimeAsync(WATCH_BUFFER_MS);

    expect(batches).toEqual([
      [
        { type: 'remove_file', path: 'src/lib/util.ts' },
        { type: 'remove_dir', path: 'src/lib' },
        { type: 'remove_file', path: 'src/old.ts' },
        { type: 'remove_dir', path: 'src' },
      ],
    ]);
  });

  it('stays quiet after unsubscribing', async () => {
    fs.putFile('src/late.ts', 'late');
    fs.emit('rename', 'src/late.ts');
    stop();
    await vi.advanceTimersByTimeAsync(WATCH_BUFFER_MS);
    expect(batches).toEqual([]);
    expect(fs.watchers[0].closed).toBe(true);
  });
});

describe('isWatchedPath', () => {
  it.each([
    ['src/App.tsx', true],
    ['.env', true],
    ['node_modules', false],
    ['a/.git/config', false],
    ['', false],
  ])('%j → %s', (path, watched) => expect(isWatchedPath(path)).toBe(watched));
});

describe('isBinaryContent', () => {
  it.each([
    ['utf-8 text', text('héllo ✓'), false],
    ['a NUL byte', new Uint8Array([104, 0, 105]), true],
    ['invalid utf-8', new Uint8Array([0xff, 0xfe, 0x41]), true],
  ])('%s → %s', (_label, bytes, binary) => expect(isBinaryContent(bytes)).toBe(binary));
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEditorStore } from './editor';
import { createFilesStore } from './files';
import { createFakeSandbox } from './testing/fake-sandbox';

function setup(initial: Record<string, string> = { 'README.md': '# readme', 'src/App.tsx': 'app' }) {
  const sandbox = createFakeSandbox(initial);
  const files = createFilesStore(sandbox);
  sandbox.watch((changes) => files.applyChanges(changes));
  const editor = createEditorStore({ files, saveDebounceMs: 300 });
  return { sandbox, files, editor };
}

const read = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

afterEach(() => {
  vi.useRealTimers();
});

describe('editor streaming (spec §4)', () => {
  it('switches to the streaming file, creates it in memory, appends deltas and clears on end', () => {
    const { editor, files } = setup();
    editor.selectFile('README.md');
    editor.handleStreamingFileEvent({ path: 'src/new.ts', content: '', status: 'start' });
    expect(editor.$selectedFile.get()).toBe('src/new.ts');
    expect(editor.$streamingFile.get()).toBe('src/new.ts');
    expect(files.getFile('src/new.ts')).toEqual({ type: 'file', content: '', isBinary: false });

    editor.handleStreamingFileEvent({ path: 'src/new.ts', content: 'const a', status: 'stream' });
    editor.handleStreamingFileEvent({ path: 'src/new.ts', content: ' = 1;', status: 'stream' });
    expect(editor.$currentDocument.get()?.value).toBe('const a = 1;');

    editor.handleStreamingFileEvent({ path: 'src/new.ts', content: 'const a = 1;\n', status: 'end' });
    expect(editor.$streamingFile.get()).toBeUndefined();
    expect(files.getFile('src/new.ts')?.content).toBe('const a = 1;\n');
  });

  it.each([
    ['a pick by hand during the stream keeps the next file from switching', true, 'README.md'],
    ['a programmatic pick does not', false, 'b.ts'],
  ])('%s', (_name, byUser, expected) => {
    const { editor } = setup();
    editor.handleStreamingFileEvent({ path: 'a.ts', content: '', status: 'start' });
    editor.selectFile('README.md', { byUser });
    editor.handleStreamingFileEvent({ path: 'a.ts', content: 'x', status: 'end' });
    editor.handleStreamingFileEvent({ path: 'b.ts', content: '', status: 'start' });
    expect(editor.$selectedFile.get()).toBe(expected);
  });

  it('streaming start resets the user-picked flag', () => {
    const { editor } = setup();
    editor.handleStreamingFileEvent({ path: 'a.ts', content: '', status: 'start' });
    editor.selectFile('README.md', { byUser: true });
    editor.handleStreamingFileEvent({ path: 'b.ts', content: '', status: 'start' });
    editor.handleStreamingFileEvent({ path: 'c.ts', content: '', status: 'start' });
    expect(editor.$selectedFile.get()).toBe('c.ts');
  });

  it('a pick by hand when nothing streams does not block the next stream', () => {
    const { editor } = setup();
    editor.selectFile('README.md', { byUser: true });
    editor.handleStreamingFileEvent({ path: 'a.ts', content: '', status: 'start' });
    expect(editor.$selectedFile.get()).toBe('a.ts');
  });

  it('ignores edits to the file being streamed', () => {
    const { editor } = setup();
    editor.handleStreamingFileEvent({ path: 'a.ts', content: '', status: 'start' });
    editor.updateDocument('a.ts', 'typed');
    expect(editor.$unsavedFiles.get().size).toBe(0);
  });
});

describe('editing writes back to the sandbox', () => {
  it('saves after the debounce and clears the unsaved mark', async () => {
    vi.useFakeTimers();
    const { editor, sandbox } = setup();
    editor.selectFile('README.md');
    editor.updateDocument('README.md', '# one');
    editor.updateDocument('README.md', '# two');
    expect(editor.$currentDocument.get()?.value).toBe('# two');
    expect([...editor.$unsavedFiles.get()]).toEqual(['README.md']);
    await vi.advanceTimersByTimeAsync(299);
    expect(read(sandbox.files.get('README.md'))).toBe('# readme');
    await vi.advanceTimersByTimeAsync(1);
    expect(read(sandbox.files.get('README.md'))).toBe('# two');
    expect(editor.$unsavedFiles.get().size).toBe(0);
  });

  it('saves at once on saveCurrentFile', async () => {
    const { editor, sandbox } = setup();
    editor.selectFile('src/App.tsx');
    editor.updateDocument('src/App.tsx', 'changed');
    await editor.saveCurrentFile();
    expect(read(sandbox.files.get('src/App.tsx'))).toBe('changed');
    expect(editor.$unsavedFiles.get().size).toBe(0);
  });

  it('keeps the edit and reports when the write fails', async () => {
    const { editor, sandbox } = setup();
    editor.selectFile('README.md');
    editor.updateDocument('README.md', 'draft');
    sandbox.failNext('writeFile', 'disk full');
    await editor.saveCurrentFile();
    expect(editor.$saveError.get()).toBe('Could not save README.md: disk full');
    expect([...editor.$unsavedFiles.get()]).toEqual(['README.md']);
    expect(editor.$currentDocument.get()?.value).toBe('draft');
  });

  it('flushes pending edits on dispose', async () => {
    const { editor, sandbox } = setup();
    editor.updateDocument('README.md', 'late');
    await editor.dispose();
    expect(read(sandbox.files.get('README.md'))).toBe('late');
  });

  it('shows binary files as empty binary documents and refuses edits', () => {
    const { editor, sandbox, files } = setup({});
    sandbox.emitChanges([{ type: 'add_file', path: 'logo.png', content: new Uint8Array([0x89, 0, 1]), binary: true }]);
    editor.selectFile('logo.png');
    expect(editor.$currentDocument.get()).toEqual({ value: '', filePath: 'logo.png', scroll: undefined, isBinary: true });
    editor.updateDocument('logo.png', 'text');
    expect(editor.$unsavedFiles.get().size).toBe(0);
    expect(files.getFile('logo.png')?.isBinary).toBe(true);
  });
});

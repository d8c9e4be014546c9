import { describe, expect, it } from 'vitest';
import type { FileChange } from '~/lib/sandbox/types';
import { applyFileChanges, createFilesStore, type FileMap } from './files';
import { createFakeSandbox } from './testing/fake-sandbox';

const encode = (value: string) => new TextEncoder().encode(value);
const add = (path: string, content: string): FileChange => ({ type: 'add_file', path, content: encode(content), binary: false });
const change = (path: string, content: string): FileChange => ({ type: 'change', path, content: encode(content), binary: false });
const file = (content: string, isBinary = false) => ({ type: 'file' as const, content, isBinary });
const folder = { type: 'folder' as const };

describe('applyFileChanges (spec §4 file update batching)', () => {
  it.each<[string, FileMap, FileChange[], FileMap]>([
    ['adds a file with its folders', {}, [add('src/lib/a.ts', 'a')], { src: folder, 'src/lib': folder, 'src/lib/a.ts': file('a') }],
    ['a later change wins over an earlier add', {}, [add('a.ts', '1'), change('a.ts', '2')], { 'a.ts': file('2') }],
    ['an add after a removal wins', { 'a.ts': file('1') }, [{ type: 'remove_file', path: 'a.ts' }, add('a.ts', '3')], { 'a.ts': file('3') }],
    ['a removal deletes the entry', { 'a.ts': file('1'), 'b.ts': file('2') }, [{ type: 'remove_file', path: 'a.ts' }], { 'b.ts': file('2') }],
    [
      'removing a folder deletes everything under it',
      { src: folder, 'src/a.ts': file('a'), srcx: folder },
      [{ type: 'remove_dir', path: 'src' }],
      { srcx: folder },
    ],
    ['adds an empty folder', {}, [{ type: 'add_dir', path: 'public/img' }], { public: folder, 'public/img': folder }],
    ['binary flag gives an empty placeholder', {}, [{ type: 'add_file', path: 'logo.png', content: new Uint8Array([1, 2]), binary: true }], { 'logo.png': file('', true) }],
    ['detected binary content gives a placeholder', {}, [add('data.bin', 'a\u0000b')], { 'data.bin': file('', true) }],
    ['ignored paths are skipped', {}, [add('node_modules/x/index.js', 'x'), add('.git/HEAD', 'ref'), add('.env', 'A=1')], { '.env': file('A=1') }],
    ['workdir prefix and slashes are removed', {}, [add('/project/index.html', '<p>')], { 'index.html': file('<p>') }],
  ])('%s', (_name, before, changes, after) => {
    expect(applyFileChanges(before, changes, 'project')).toEqual(after);
  });

  it('returns the same map when every change is unchanged content', () => {
    const before: FileMap = { 'a.ts': file('same') };
    expect(applyFileChanges(before, [change('a.ts', 'same'), { type: 'remove_file', path: 'gone.ts' }])).toBe(before);
  });
});

describe('createFilesStore', () => {
  it('renames through the sandbox and moves entries at once', async () => {
    const sandbox = createFakeSandbox({ 'src/a.ts': 'a' });
    const store = createFilesStore(sandbox);
    sandbox.watch((changes) => store.applyChanges(changes));
    await store.rename('src', 'lib');
    expect(sandbox.files.has('lib/a.ts')).toBe(true);
    expect(store.$files.get()).toEqual({ lib: folder, 'lib/a.ts': file('a') });
  });

  it('refuses a rename with the spec text and leaves the sandbox alone', async () => {
    const sandbox = createFakeSandbox({ 'a.ts': 'a', 'b.ts': 'b' });
    const store = createFilesStore(sandbox);
    sandbox.watch((changes) => store.applyChanges(changes));
    await expect(store.rename('a.ts', 'b.ts')).rejects.toThrow("Rename: 'b.ts' already exists");
    expect(new TextDecoder().decode(sandbox.files.get('b.ts'))).toBe('b');
  });

  it('writes through to the sandbox and keeps the map in step', async () => {
    const sandbox = createFakeSandbox();
    const store = createFilesStore(sandbox);
    await store.writeFile('notes.md', '# hi');
    expect(store.getFile('notes.md')).toEqual(file('# hi'));
    expect(new TextDecoder().decode(sandbox.files.get('notes.md'))).toBe('# hi');
  });
});

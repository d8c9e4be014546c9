import { describe, expect, it } from 'vitest';
import type { FileMap } from '~/lib/stores/files';
import { ancestorsOf, buildTreeRows } from './file-tree-model';

const file = { type: 'file' as const, content: '', isBinary: false };
const folder = { type: 'folder' as const };

const map: FileMap = {
  'package.json': file,
  src: folder,
  'src/main.tsx': file,
  'src/App.tsx': file,
  'src/components': folder,
  'src/components/Button.tsx': file,
  'README.md': file,
  public: folder,
  'file10.ts': file,
  'file2.ts': file,
};

describe('buildTreeRows', () => {
  it('lists folders first, then files, in natural name order', () => {
    expect(buildTreeRows(map, new Set()).map((row) => `${'  '.repeat(row.depth)}${row.name}`)).toEqual([
      'public',
      'src',
      '  components',
      '    Button.tsx',
      '  App.tsx',
      '  main.tsx',
      'file2.ts',
      'file10.ts',
      'package.json',
      'README.md',
    ]);
  });

  it('hides the children of collapsed folders', () => {
    const rows = buildTreeRows(map, new Set(['src']));
    expect(rows.map((row) => row.path)).toEqual(['public', 'src', 'file2.ts', 'file10.ts', 'package.json', 'README.md']);
    expect(rows.find((row) => row.path === 'src')?.expanded).toBe(false);
  });

  it('shows folders implied by file paths', () => {
    expect(buildTreeRows({ 'a/b/c.ts': file }, new Set()).map((row) => [row.path, row.kind])).toEqual([
      ['a', 'folder'],
      ['a/b', 'folder'],
      ['a/b/c.ts', 'file'],
    ]);
  });
});

describe('ancestorsOf', () => {
  it.each([
    ['a.ts', []],
    ['src/a.ts', ['src']],
    ['src/lib/a.ts', ['src', 'src/lib']],
  ])('%s', (path, expected) => {
    expect(ancestorsOf(path)).toEqual(expected);
  });
});

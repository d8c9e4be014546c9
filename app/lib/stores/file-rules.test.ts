import { describe, expect, it } from 'vitest';
import { decodeText, defaultSelectedFile, isBinary, isIgnoredPath, normalizePath, validateRename, type PathKind } from './file-rules';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('normalizePath', () => {
  it.each([
    ['src/App.tsx', 'src/App.tsx'],
    ['/src/App.tsx', 'src/App.tsx'],
    ['./src/App.tsx', 'src/App.tsx'],
    ['src/', 'src'],
    ['src//lib///a.ts', 'src/lib/a.ts'],
    ['project/src/a.ts', 'src/a.ts'],
    ['/project/src/a.ts', 'src/a.ts'],
    ['projects/a.ts', 'projects/a.ts'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePath(input, 'project')).toBe(expected);
  });
});

describe('isIgnoredPath', () => {
  it.each([
    ['node_modules', true],
    ['node_modules/react/index.js', true],
    ['packages/a/node_modules/x.js', true],
    ['.git/config', true],
    ['.cache/x.json', true],
    ['src/.hidden/a.ts', true],
    ['.env', false],
    ['.gitignore', false],
    ['src/App.tsx', false],
    ['.contentlayer/x.json', false],
    ['.svelte-kit/types.d.ts', false],
    ['.vitepress/config.ts', false],
    ['.nuxt/nuxt.d.ts', false],
    ['.vscode/settings.json', false],
    ['.stackblitz/config.json', false],
    ['.bolt/prompt', false],
    ['my_node_modules/a.js', false],
  ])('%s → %s', (path, ignored) => {
    expect(isIgnoredPath(path)).toBe(ignored);
  });
});

describe('isBinary', () => {
  it.each([
    ['plain ascii', text('hello world\n\tindented'), false],
    ['utf-8 text', text('héllo — ✓ 日本'), false],
    ['empty', bytes(), false],
    ['NUL byte', bytes(0x68, 0x00, 0x69), true],
    ['control byte 8', bytes(0x41, 0x08), true],
    ['control byte 9 (tab) is text', bytes(0x41, 0x09), false],
    ['replacement character', text('a\uFFFDb'), true],
    ['invalid utf-8', bytes(0x41, 0xff, 0xfe, 0x41), true],
    ['png header', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00), true],
  ])('%s → %s', (_name, input, expected) => {
    expect(isBinary(input)).toBe(expected);
  });

  it('looks only at the first chunk', () => {
    const late = new Uint8Array(200).fill(0x61);
    late[150] = 0;
    expect(isBinary(late)).toBe(false);
    expect(isBinary(late, 200)).toBe(true);
  });

  it('does not call a multi-byte character cut at the chunk end binary', () => {
    const content = text(`${'a'.repeat(99)}✓`);
    expect(isBinary(content)).toBe(false);
  });
});

describe('decodeText', () => {
  it('decodes utf-8 and gives empty text for undecodable bytes', () => {
    expect(decodeText(text('ok ✓'))).toBe('ok ✓');
    expect(decodeText(bytes(0xff, 0xfe))).toBe('');
  });
});

describe('defaultSelectedFile', () => {
  it.each<[string[], string | undefined]>([
    [[], undefined],
    [['package.json', 'README.md', 'src/main.tsx'], 'README.md'],
    [['docs/README.md', 'package.json'], 'package.json'],
    [['app/page.tsx', 'app/_layout.tsx', 'package.json'], 'app/_layout.tsx'],
    [['app/page.tsx', 'src/main.ts'], 'app/page.tsx'],
    [['package.json', 'src/App.tsx', 'src/main.tsx'], 'src/main.tsx'],
    [['package.json', 'src/App.jsx', 'src/root.tsx'], 'src/App.jsx'],
    [['package.json', 'app/root.tsx'], 'app/root.tsx'],
    [['package.json', 'src/main.css', 'index.html'], 'package.json'],
    [['src/main.py', 'index.html', 'a/b.txt'], 'index.html'],
  ])('%j → %s', (paths, expected) => {
    expect(defaultSelectedFile(paths)).toBe(expected);
  });
});

describe('validateRename', () => {
  const tree: Record<string, PathKind> = {
    src: 'folder',
    'src/App.tsx': 'file',
    'src/lib': 'folder',
    'src/lib/a.ts': 'file',
    'README.md': 'file',
  };
  const kindOf = (path: string) => tree[path];

  it.each<[string, string, string | undefined]>([
    ['README.md', 'docs.md', undefined],
    ['src/App.tsx', 'src/lib/App.tsx', undefined],
    ['src', 'source', undefined],
    ['missing.ts', 'x.ts', "Rename: 'missing.ts' does not exists"],
    ['README.md', 'src/App.tsx', "Rename: 'src/App.tsx' already exists"],
    ['src', 'src/lib/src', "Rename: 'src' cannot be moved inside itself"],
    ['README.md', 'docs/README.md', "Cannot rename 'README.md' to 'docs/README.md' as directory 'docs' does not exists"],
    ['README.md', 'node_modules/README.md', "Cannot create 'node_modules/README.md': operation not allowed."],
    ['README.md', '.git/README.md', "Cannot create '.git/README.md': operation not allowed."],
    ['src', '.cache', "Cannot create '.cache': operation not allowed."],
    ['README.md', '.env', undefined],
  ])('%s → %s', (from, to, expected) => {
    expect(validateRename(from, to, kindOf)).toBe(expected);
  });
});

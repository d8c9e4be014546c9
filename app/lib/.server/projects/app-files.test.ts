import { describe, expect, it } from 'vitest';
import { normalizeAppFiles, pathProblem } from './app-files';

describe('pathProblem', () => {
  it.each(['a', 'src/App.tsx', '.env', '.bolt/config.json', 'a/b/c/d.e.f', 'with space/ü.txt'])('accepts %j', (path) => {
    expect(pathProblem(path)).toBeUndefined();
  });

  it.each([
    ['', /empty path/],
    ['/abs', /absolute/],
    ['C:/x', /absolute/],
    ['a/../b', /"\.\." segment/],
    ['..', /"\.\." segment/],
    ['./a', /"\." segment/],
    ['a//b', /empty segment/],
    ['a\\b', /backslash/],
    ['a\0b', /NUL/],
    ['x'.repeat(1025), /longer than 1024/],
    ['x'.repeat(256), /segment longer/],
  ])('refuses %j', (path, message) => {
    expect(pathProblem(path)).toMatch(message);
  });
});

describe('normalizeAppFiles', () => {
  it('strips trailing slashes, hashes file contents, drops folder contents', () => {
    const files = normalizeAppFiles({ 'src/': { type: 'folder', contents: 'ignored', isBinary: false }, 'a.txt': { type: 'file', contents: 'hi', isBinary: false } });
    expect(files).toEqual([
      expect.objectContaining({ path: 'src', type: 'folder', contents: '', contentHash: null }),
      expect.objectContaining({ path: 'a.txt', contentHash: 'c22b5f9178342609428d6f51b2c5af4c0bde6a42', size: 2 }),
    ]);
  });

  it.each([
    [{ a: { type: 'file' as const, contents: '', isBinary: false, fullPath: 'b' } }, /does not match/],
    [{ 'a/': { type: 'file' as const, contents: '', isBinary: false }, a: { type: 'file' as const, contents: '', isBinary: false } }, /duplicate/],
  ])('refuses inconsistent entries', (input, message) => {
    expect(() => normalizeAppFiles(input)).toThrow(message);
  });
});

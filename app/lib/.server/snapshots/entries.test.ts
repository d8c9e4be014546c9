import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { parseSnapshotJson } from './entries';

function problem(text: string): string {
  try {
    parseSnapshotJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return JSON.stringify((error as HttpError).errors);
  }
  throw new Error('expected a refusal');
}

describe('parseSnapshotJson', () => {
  it('hashes file bodies (SHA-1 hex) and normalises folders and trailing slashes', () => {
    const entries = parseSnapshotJson(
      JSON.stringify({ 'src/': { type: 'folder' }, 'src/a.txt': { type: 'file', content: 'abc' }, 'img.png': { type: 'file', isBinary: true, blobId: 'b1' } }),
    );
    expect(entries).toEqual([
      { path: 'src', type: 'folder', content: '', contentHash: null, size: 0, isBinary: false, blobId: null },
      { path: 'src/a.txt', type: 'file', content: 'abc', contentHash: 'a9993e364706816aba3e25717850c26c9cd0d89d', size: 3, isBinary: false, blobId: null },
      { path: 'img.png', type: 'file', content: '', contentHash: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', size: 0, isBinary: true, blobId: 'b1' },
    ]);
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['an array', '[]', 'snapshot'],
    ['a bad type', JSON.stringify({ a: { type: 'link' } }), 'type'],
    ['an unknown field', JSON.stringify({ a: { type: 'file', mode: 7 } }), 'mode'],
    ['a .. segment', JSON.stringify({ '../etc/passwd': { type: 'file', content: '' } }), 'segment'],
    ['an absolute path', JSON.stringify({ '/etc/passwd': { type: 'file' } }), 'absolute'],
    ['a NUL', JSON.stringify({ 'a\u0000b': { type: 'file' } }), 'NUL'],
    ['a backslash', JSON.stringify({ 'a\\b': { type: 'file' } }), 'backslash'],
    ['a duplicate after normalising', JSON.stringify({ a: { type: 'folder' }, 'a/': { type: 'folder' } }), 'duplicate'],
  ])('refuses %s', (_name, text, fragment) => {
    expect(problem(text)).toContain(fragment);
  });
});

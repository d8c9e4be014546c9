import { describe, expect, it } from 'vitest';
import { parseSnapshotJson } from './entries';
import { encodeTree, TREE_ROOT_KEY } from './tree';

const now = new Date(0);

function encode(map: Record<string, unknown>) {
  return encodeTree(parseSnapshotJson(JSON.stringify(map)), now);
}

const base = {
  'README.md': { type: 'file', content: 'hi' },
  src: { type: 'folder' },
  'src/app/main.ts': { type: 'file', content: 'main' },
  'src/app/util.ts': { type: 'file', content: 'util' },
  'src/lib/x.ts': { type: 'file', content: 'x' },
  'public/logo.png': { type: 'file', isBinary: true, blobId: 'b1' },
};

describe('encodeTree', () => {
  it('keeps only the root listing hash in the row', () => {
    const { stored, listings } = encode(base);
    expect(Object.keys(stored)).toEqual([TREE_ROOT_KEY]);
    expect(stored[TREE_ROOT_KEY]).toEqual({ type: 'folder', contentHash: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(listings.map((listing) => listing.path).sort()).toEqual(['', 'public', 'src', 'src/app', 'src/lib']);
  });

  it('is deterministic whatever the input order', () => {
    const reversed = Object.fromEntries(Object.entries(base).reverse());
    expect(encode(reversed).stored).toEqual(encode(base).stored);
  });

  it('changes only the listings on the path of a changed file', () => {
    const before = new Map(encode(base).listings.map((l) => [l.path, l.contentHash]));
    const after = new Map(encode({ ...base, 'src/app/util.ts': { type: 'file', content: 'util v2' } }).listings.map((l) => [l.path, l.contentHash]));
    const changed = [...after.keys()].filter((path) => after.get(path) !== before.get(path)).sort();
    expect(changed).toEqual(['', 'src', 'src/app']);
  });

  it.each([
    ['an explicit folder', { 'a/b': { type: 'file', content: '' } }, { a: { type: 'folder' }, 'a/b': { type: 'file', content: '' } }],
    ['a binary flag', { f: { type: 'file', content: 'x' } }, { f: { type: 'file', content: 'x', isBinary: true } }],
    ['a blob id', { f: { type: 'file', isBinary: true, blobId: 'a' } }, { f: { type: 'file', isBinary: true, blobId: 'b' } }],
  ])('tells snapshots apart by %s', (_name, one, two) => {
    expect(encode(one).stored).not.toEqual(encode(two).stored);
  });
});

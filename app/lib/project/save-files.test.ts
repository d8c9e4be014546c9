import { describe, expect, it } from 'vitest';
import { filesSignature, textFilesForChat, toAppFiles } from './save-files';

const text = (content: string) => ({ content, isBinary: false });

describe('save files', () => {
  it('maps files to the appFiles payload', () => {
    expect(toAppFiles({ 'a.ts': text('x') })).toEqual({ 'a.ts': { type: 'file', contents: 'x', isBinary: false } });
  });

  it('sends the model only files that are saved', () => {
    expect(textFilesForChat({ 'a.ts': text('x'), 'package-lock.json': text('{}'), 'b.png': { content: '', isBinary: true } })).toEqual({
      'a.ts': 'x',
    });
  });

  it.each([
    [{ 'a.ts': text('x') }, { 'a.ts': text('x') }, true],
    [{ 'a.ts': text('x'), 'b.ts': text('y') }, { 'b.ts': text('y'), 'a.ts': text('x') }, true],
    [{ 'a.ts': text('x') }, { 'a.ts': text('y') }, false],
    [{ 'a.ts': text('x') }, { 'b.ts': text('x') }, false],
    [{ ab: text('c') }, { a: text('bc') }, false],
    [{}, { 'a.ts': text('') }, false],
  ])('signature of %o equals that of %o: %s', (a, b, same) => {
    expect(filesSignature(a) === filesSignature(b)).toBe(same);
  });
});

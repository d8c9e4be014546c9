import { describe, expect, it } from 'vitest';
import { changeOneFile, generateProject, toAppFiles, toSnapshotJson, totalChars } from './project-fixtures';

describe('project fixtures', () => {
  it('generates the asked number and size of files, the same for the same seed', () => {
    const files = generateProject(100, 10 * 1024, 3);
    expect(files.size).toBe(100);
    expect(totalChars(files)).toBe(100 * 10 * 1024);
    expect(generateProject(100, 10 * 1024, 3)).toEqual(files);
  });

  it('changes exactly one file, keeping its size', () => {
    const files = generateProject(10, 2048, 1);
    const next = changeOneFile(files, 13, 99);
    const changed = [...files.keys()].filter((path) => files.get(path) !== next.get(path));
    expect(changed).toEqual([[...files.keys()][3]]);
    expect(next.get(changed[0])?.length).toBe(2048);
  });

  it('shapes appFiles and snapshot JSON as the API takes them', () => {
    const files = new Map([['src/a.ts', 'x']]);
    expect(toAppFiles(files)).toEqual({ 'src/a.ts': { fullPath: 'src/a.ts', contents: 'x', name: 'a.ts', isBinary: false, type: 'file' } });
    expect(JSON.parse(toSnapshotJson(files))).toEqual({ 'src/a.ts': { type: 'file', content: 'x' } });
  });
});

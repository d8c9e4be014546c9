import { describe, expect, it } from 'vitest';
import { buildFileSystemTree, createWebContainerFs, toWorkdirPath } from './fs';
import { FakeFs } from './fake-webcontainer';

describe('toWorkdirPath', () => {
  it.each([
    ['src/App.tsx', 'src/App.tsx'],
    ['/home/project/src/App.tsx', 'src/App.tsx'],
    ['/project/src/App.tsx', 'src/App.tsx'],
    ['project/src/App.tsx', 'src/App.tsx'],
    ['./src/App.tsx', 'src/App.tsx'],
    ['/src/App.tsx', 'src/App.tsx'],
    ['src/', 'src'],
    ['/home/project', '.'],
    ['/home/project/', '.'],
    ['project', '.'],
    ['', '.'],
    ['projects/a.ts', 'projects/a.ts'],
    ['src\\main.ts', 'src/main.ts'],
  ])('%j → %j', (path, expected) => {
    expect(toWorkdirPath(path, '/home/project')).toBe(expected);
  });
});

describe('buildFileSystemTree', () => {
  it.each([
    [[{ path: '../escape.txt', content: 'x' }], "Cannot mount '../escape.txt': not a file path inside the project"],
    [[{ path: '/home/project', content: 'x' }], "Cannot mount '/home/project': not a file path inside the project"],
    [
      [
        { path: 'src', content: 'x' },
        { path: 'src/a.ts', content: 'y' },
      ],
      "Cannot mount 'src/a.ts': 'src' is a file",
    ],
    [
      [
        { path: 'src/a.ts', content: 'y' },
        { path: 'src', content: 'x' },
      ],
      "Cannot mount 'src': it is a folder",
    ],
  ])('refuses %j', (files, message) => {
    expect(() => buildFileSystemTree(files, '/home/project')).toThrow(message);
  });
});

describe('createWebContainerFs', () => {
  it('reads text and bytes, lists folders and creates them recursively', async () => {
    const raw = new FakeFs();
    const fs = createWebContainerFs(raw, '/home/project');
    raw.putFile('src/a.ts', 'export {}');

    await expect(fs.readFile('/home/project/src/a.ts', 'utf-8')).resolves.toBe('export {}');
    await expect(fs.readFile('src/a.ts')).resolves.toEqual(new TextEncoder().encode('export {}'));
    await fs.mkdir('src/lib/deep', { recursive: true });
    const entries = await fs.readdir('src');

    expect(entries.map((entry) => [entry.name, entry.isDirectory(), entry.isFile()]).sort()).toEqual([
      ['a.ts', false, true],
      ['lib', true, false],
    ]);
    expect(raw.calls).toContain('mkdir src/lib/deep -p');
  });
});

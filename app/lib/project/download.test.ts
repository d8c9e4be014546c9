import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFileName, zipProjectFiles } from './download';

describe('download', () => {
  it('zips text files under their paths and leaves out binary placeholders', () => {
    const zip = zipProjectFiles({
      'index.html': { content: '<h1>hi</h1>', isBinary: false },
      'src/main.ts': { content: 'console.info(1)', isBinary: false },
      'logo.png': { content: '', isBinary: true },
    });
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['index.html', 'src/main.ts']);
    expect(strFromU8(entries['src/main.ts'])).toBe('console.info(1)');
  });

  it.each([
    ['My Todo App', 'my-todo-app.zip'],
    ['  ¡Hola!  ', 'hola.zip'],
    ['', 'kiln-project.zip'],
  ])('names %j as %s', (title, name) => {
    expect(zipFileName(title)).toBe(name);
  });
});

import { describe, expect, it } from 'vitest';
import { createIgnoreMatcher, MAX_SAVED_FILE_CHARS, reasonToIgnoreWhenSaving, selectFilesToSave } from './ignore-files';

const text = (content = 'x') => ({ content, isBinary: false });

describe('reasonToIgnoreWhenSaving', () => {
  it.each([
    ['src/App.tsx', text(), {}, null],
    ['.env', text(), {}, null],
    ['.env', text('x'.repeat(MAX_SAVED_FILE_CHARS + 1)), {}, null],
    ['apps/web/.env', text(), { ignorePatterns: ['apps/'] }, null],
    ['logo.png', { content: '', isBinary: true }, {}, 'binary'],
    ['package-lock.json', text(), {}, 'lock file'],
    ['nested/yarn.lock', text(), {}, 'lock file'],
    ['pnpm-lock.yaml', text(), {}, 'lock file'],
    ['pnpm-workspace.yaml', text(), {}, 'lock file'],
    ['npm-shrinkwrap.json', text(), {}, 'lock file'],
    ['big.js', text('x'.repeat(MAX_SAVED_FILE_CHARS + 1)), {}, 'too large'],
    ['exact.js', text('x'.repeat(MAX_SAVED_FILE_CHARS)), {}, null],
    ['public/logo.SVG', text('<svg/>'), {}, 'svg'],
    ['public/favicon.ico', text(), {}, 'favicon'],
    ['favicon.png', text(), {}, 'favicon'],
    ['.gitignore', text('node_modules'), {}, 'ignore file'],
    ['web/.npmignore', text(), {}, 'ignore file'],
    ['.bolt/prompt', text(), {}, 'assistant folder'],
    ['.kiln/ignore', text(), {}, 'assistant folder'],
    ['supabase/migrations/001.sql', text(), {}, null],
    ['supabase/migrations/001.sql', text(), { databaseConfigured: true }, 'migration'],
    ['dist/out.js', text(), { ignorePatterns: ['dist/'] }, 'ignore pattern'],
    ['src/dist.js', text(), { ignorePatterns: ['dist/'] }, null],
    ['src/a.log', text(), { ignorePatterns: ['*.log'] }, 'ignore pattern'],
    ['src/keep.log', text(), { ignorePatterns: ['*.log', '!keep.log'] }, null],
  ] as const)('%s %o %o → %s', (path, file, options, expected) => {
    expect(reasonToIgnoreWhenSaving(path, file, options)).toBe(expected);
  });
});

describe('createIgnoreMatcher', () => {
  it.each([
    [['/build'], 'build/index.js', true],
    [['/build'], 'app/build/index.js', false],
    [['build'], 'app/build/index.js', true],
    [['docs/**/*.md'], 'docs/a/b/c.md', true],
    [['docs/**/*.md'], 'docs/c.md', true],
    [['docs/**/*.md'], 'src/docs/c.md', false],
    [['# comment', ''], 'anything', false],
    [['a?c.txt'], 'abc.txt', true],
    [['a?c.txt'], 'a/c.txt', false],
  ])('%o matches %s: %s', (patterns, path, expected) => {
    expect(createIgnoreMatcher(patterns)(path)).toBe(expected);
  });
});

describe('selectFilesToSave', () => {
  it('reads patterns from the project ignore file and keeps .env', () => {
    const files = {
      '.kiln/ignore': text('generated/\n.env'),
      'generated/schema.ts': text(),
      'src/main.ts': text(),
      '.env': text('KEY=1'),
      'package-lock.json': text(),
      'gone.ts': undefined,
    };
    expect(Object.keys(selectFilesToSave(files)).sort()).toEqual(['.env', 'src/main.ts']);
  });
});

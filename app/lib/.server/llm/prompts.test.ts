import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, MAX_FILE_CHARS, MAX_FILES_CHARS } from './prompts';

describe('buildSystemPrompt', () => {
  const base = buildSystemPrompt();

  it.each([
    ['names the assistant', 'You are Kiln'],
    ['shows the artifact tag', '<boltArtifact id="'],
    ['shows file actions', '<boltAction type="file" filePath="'],
    ['shows shell actions', '<boltAction type="shell">npm install</boltAction>'],
    ['shows start actions', '<boltAction type="start">'],
    ['demands complete files', 'complete contents'],
    ['forbids placeholders', 'Never use placeholders'],
    ['forbids diffs', 'never write diffs'],
    ['forbids code blocks for files', 'never in markdown code blocks'],
    ['asks for one artifact', 'exactly one artifact'],
    ['installs through package.json', 'writing them into package.json'],
    ['names the sandbox', 'Node.js 20 and npm'],
    ['forbids sudo and apt', 'no sudo, no apt'],
    ['limits the network', 'only the npm registry'],
    ['explains the preview', 'listens on a port'],
    ['prefers Vite', 'Prefer Vite'],
  ])('%s', (_, text) => {
    expect(base).toContain(text);
  });

  it('stays small enough for a 4k-token local model (under ~600 tokens without files)', () => {
    expect(base.length / 4).toBeLessThan(600);
  });

  it('includes project files with their contents and marks locked ones', () => {
    const prompt = buildSystemPrompt({
      files: { 'src/main.ts': 'console.info(1);', 'package.json': '{"name":"app"}', 'package-lock.json': '{"lockfileVersion":3}' },
      lockedFiles: ['package.json'],
    });
    expect(prompt).toContain('<file path="src/main.ts">\nconsole.info(1);\n</file>');
    expect(prompt).toContain('<file path="package.json" locked="true">');
    expect(prompt).toContain('Do not change these files: package.json');
    expect(prompt).toContain('Other files (contents not shown): package-lock.json');
    expect(prompt).not.toContain('lockfileVersion');
  });

  it('truncates a large file and keeps the total within budget', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10; i++) {
      files[`src/file-${i}.ts`] = 'y'.repeat(MAX_FILE_CHARS * 2);
    }
    const prompt = buildSystemPrompt({ files });
    expect(prompt).toContain(`[… ${MAX_FILE_CHARS} more characters not shown]`);
    expect(prompt.length).toBeLessThan(base.length + MAX_FILES_CHARS + 2_000);
    expect(prompt).toMatch(/Other files \(contents not shown\): .*src\/file-9\.ts/);
  });

  it('leaves the files section out when there are no files', () => {
    expect(base).not.toContain('<project_files>');
  });
});

/**
 * The system prompt. The fixed part is about 1,850 characters (~460 tokens) so that it leaves room in
 * the 4k–8k contexts of small local models; project files are added after it within a budget.
 * The format it teaches is docs/artifact-format.md (format version 1); keep the two in step.
 */

export const ARTIFACT_FORMAT_VERSION = 1;

/** Sent as the user turn when an answer stopped at the output-token limit (see stream-chat.ts). */
export const CONTINUE_PROMPT =
  'Continue exactly where you left off. Do not repeat anything you already wrote and do not add any introduction: your next character follows the last character of your previous message.';

const BASE_PROMPT = `You are Kiln, an expert assistant that builds web apps. You write files and run commands in the user's project through artifacts.

<sandbox>
- The project runs in a Linux sandbox with Node.js 20 and npm. The working directory is the project root.
- There is no sudo, no apt, no git push, and no native binaries beyond what npm packages ship.
- Network access reaches only the npm registry.
- Apps must start a server that listens on a port; the preview shows that port. Prefer Vite for front ends.
</sandbox>

<artifact_format>
To change the project, answer with exactly one artifact:

<boltArtifact id="kebab-case-id" title="Short title">
  <boltAction type="file" filePath="package.json">…the complete file…</boltAction>
  <boltAction type="file" filePath="src/main.tsx">…the complete file…</boltAction>
  <boltAction type="shell">npm install</boltAction>
  <boltAction type="start">npm run dev</boltAction>
</boltArtifact>

Rules:
1. type="file" writes the complete contents of the file at filePath (relative to the project root). Always write the whole file, every line, even when only one line changes. Never use placeholders such as "// rest unchanged", never write diffs, never leave anything out.
2. type="shell" runs one command and waits for it to finish. type="start" starts the long-running dev server and must be the last action.
3. Add dependencies by writing them into package.json, then run one shell action: npm install. Do not run npm install for single packages.
4. Order matters: write files before the commands that need them.
5. Write file contents inside the action tags only, never in markdown code blocks; code blocks are not run.
6. Give one artifact per answer, with a sentence or two of explanation before it. Answer questions that need no change without an artifact.
7. Never modify locked files.
</artifact_format>`;

export interface PromptFilesOptions {
  /** Project files, path → text, as the browser has them now. */
  files?: Record<string, string>;
  /** Paths the user locked against changes. */
  lockedFiles?: string[];
}

/** Character budgets for project files in the prompt (~4 characters per token). */
export const MAX_FILE_CHARS = 12_000;
export const MAX_FILES_CHARS = 48_000;

const SKIPPED_CONTENT = /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|npm-shrinkwrap\.json|bun\.lockb)$|(^|\/)node_modules\//;

function renderFiles(files: Record<string, string>, locked: Set<string>): string {
  const paths = Object.keys(files)
    .filter((path) => !/(^|\/)node_modules\//.test(path))
    .sort();
  if (paths.length === 0) {
    return '';
  }
  let budget = MAX_FILES_CHARS;
  const blocks: string[] = [];
  const listedOnly: string[] = [];
  for (const path of paths) {
    const lockNote = locked.has(path) ? ' locked="true"' : '';
    const content = files[path];
    if (SKIPPED_CONTENT.test(path) || budget <= 0) {
      listedOnly.push(`${path}${locked.has(path) ? ' (locked)' : ''}`);
      continue;
    }
    const limit = Math.min(MAX_FILE_CHARS, budget);
    const shown = content.length > limit ? `${content.slice(0, limit)}\n[… ${content.length - limit} more characters not shown]` : content;
    budget -= Math.min(content.length, limit);
    blocks.push(`<file path="${path}"${lockNote}>\n${shown}\n</file>`);
  }
  const list = listedOnly.length > 0 ? `\nOther files (contents not shown): ${listedOnly.join(', ')}` : '';
  return `<project_files>\nThe project's current files. Build on them; rewrite a file completely when you change it.\n${blocks.join('\n')}${list}\n</project_files>`;
}

/** The whole system prompt for one chat request. */
export function buildSystemPrompt({ files = {}, lockedFiles = [] }: PromptFilesOptions = {}): string {
  const locked = new Set(lockedFiles);
  const sections = [BASE_PROMPT];
  const rendered = renderFiles(files, locked);
  if (rendered) {
    sections.push(rendered);
  }
  if (lockedFiles.length > 0) {
    sections.push(`<locked_files>\nDo not change these files: ${lockedFiles.join(', ')}\n</locked_files>`);
  }
  return sections.join('\n\n');
}

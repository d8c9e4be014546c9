/**
 * spec §5 "Files ignored when saving or syncing": which project files are left out when the project is
 * saved to the server (and when the file map is sent to the model). Pure: no I/O.
 */

export const MAX_SAVED_FILE_CHARS = 50_000;

const LOCK_FILES = new Set(['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'npm-shrinkwrap.json']);

/** Files whose content is a list of ignore patterns. */
const IGNORE_FILES = new Set(['.gitignore', '.npmignore', '.dockerignore', '.prettierignore', '.eslintignore', '.kilnignore']);

/** Hidden folders holding assistant configuration (the spec's "hidden bolt folder"). */
const HIDDEN_ASSISTANT_FOLDERS = ['.bolt/', '.kiln/'];

/** Pattern files inside the hidden assistant folder whose lines are honoured when saving. */
export const ASSISTANT_IGNORE_FILES = ['.bolt/ignore', '.kiln/ignore'];

const MIGRATIONS_FOLDER = 'supabase/migrations/';

export interface SavableFile {
  content: string;
  isBinary: boolean;
}

export interface IgnoreOptions {
  /** Once a database is connected its migrations live there, not in the saved project. */
  databaseConfigured?: boolean;
  /** gitignore-style patterns (from the assistant ignore file). */
  ignorePatterns?: readonly string[];
}

function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? path : path.slice(slash + 1);
}

function isFavicon(name: string): boolean {
  return /^favicon(\.[a-z0-9]+)*$/i.test(name) || /^(apple-touch-icon|android-chrome)[\w.-]*\.(png|ico|svg)$/i.test(name);
}

function globToRegExp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*') {
      if (glob[i + 1] === '*') {
        // '**/' matches any number of folders, a trailing '**' anything at all.
        const slashAfter = glob[i + 2] === '/';
        out += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else {
        out += '[^/]*';
      }
    } else if (char === '?') {
      out += '[^/]';
    } else {
      out += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return out;
}

/** A gitignore-style matcher: `#` comments, `!` negation, `/`-anchored, trailing `/` for folders. */
export function createIgnoreMatcher(patterns: readonly string[]): (path: string) => boolean {
  const rules = patterns
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      let pattern = negated ? line.slice(1) : line;
      const folderOnly = pattern.endsWith('/');
      pattern = pattern.replace(/\/+$/, '');
      const anchored = pattern.startsWith('/') || pattern.includes('/');
      pattern = pattern.replace(/^\/+/, '');
      const prefix = anchored ? '^' : '^(?:.*/)?';
      // A folder pattern matches everything below it; a plain one matches the path or a folder of it.
      const suffix = folderOnly ? '/.*$' : '(?:/.*)?$';
      return { negated, regex: new RegExp(prefix + globToRegExp(pattern) + suffix) };
    });
  return (path) => {
    let ignored = false;
    for (const rule of rules) {
      if (rule.regex.test(path)) {
        ignored = !rule.negated;
      }
    }
    return ignored;
  };
}

/** Why a file is left out when saving, or null when it is kept. Paths are relative ('src/App.tsx'). */
export function reasonToIgnoreWhenSaving(path: string, file: SavableFile, options: IgnoreOptions = {}): string | null {
  const patterns = options.ignorePatterns ?? [];
  const matcher = patterns.length > 0 ? createIgnoreMatcher(patterns) : undefined;
  return reasonWithMatcher(path, file, options.databaseConfigured ?? false, matcher);
}

function reasonWithMatcher(
  path: string,
  file: SavableFile,
  databaseConfigured: boolean,
  isIgnoredByPattern: ((path: string) => boolean) | undefined,
): string | null {
  const name = baseName(path);
  if (name === '.env') {
    return null;
  }
  if (file.isBinary) {
    return 'binary';
  }
  if (LOCK_FILES.has(name)) {
    return 'lock file';
  }
  if (file.content.length > MAX_SAVED_FILE_CHARS) {
    return 'too large';
  }
  if (name.toLowerCase().endsWith('.svg')) {
    return 'svg';
  }
  if (isFavicon(name)) {
    return 'favicon';
  }
  if (IGNORE_FILES.has(name)) {
    return 'ignore file';
  }
  if (HIDDEN_ASSISTANT_FOLDERS.some((folder) => path.startsWith(folder))) {
    return 'assistant folder';
  }
  if (databaseConfigured && path.startsWith(MIGRATIONS_FOLDER)) {
    return 'migration';
  }
  if (isIgnoredByPattern?.(path)) {
    return 'ignore pattern';
  }
  return null;
}

/** The ignore patterns a project declares for itself (its assistant ignore files). */
export function readIgnorePatterns(files: Readonly<Record<string, SavableFile | undefined>>): string[] {
  return ASSISTANT_IGNORE_FILES.flatMap((path) => files[path]?.content.split('\n') ?? []);
}

/** The files to save: every file not ignored by spec §5, patterns read from the project itself. */
export function selectFilesToSave<F extends SavableFile>(
  files: Readonly<Record<string, F | undefined>>,
  options: Omit<IgnoreOptions, 'ignorePatterns'> = {},
): Record<string, F> {
  const matcher = createIgnoreMatcher(readIgnorePatterns(files));
  const kept: Record<string, F> = {};
  for (const [path, file] of Object.entries(files)) {
    if (!file) {
      continue;
    }
    if (reasonWithMatcher(path, file, options.databaseConfigured ?? false, matcher) === null) {
      kept[path] = file;
    }
  }
  return kept;
}

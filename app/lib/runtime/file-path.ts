/** Validation of file paths written by the model: they must stay inside the project. */

export type FilePathCheck = { ok: true; path: string } | { ok: false; error: string };

/**
 * Normalise a model-written path ('./src//a.ts/' → 'src/a.ts') or explain why it is refused:
 * absolute paths, '..' segments, NUL characters and backslashes could escape or confuse the sandbox.
 */
export function checkFilePath(filePath: string): FilePathCheck {
  const shown = JSON.stringify(filePath);
  if (filePath.includes('\0')) {
    return { ok: false, error: `File path ${shown} contains a NUL character` };
  }
  if (filePath.includes('\\')) {
    return { ok: false, error: `File path ${shown} contains a backslash; use "/" between folders` };
  }
  if (filePath.startsWith('/') || /^[A-Za-z]:/.test(filePath) || filePath.startsWith('~')) {
    return { ok: false, error: `File path ${shown} must be relative to the project root` };
  }
  const segments = filePath.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    return { ok: false, error: `File path ${shown} must not contain ".." segments` };
  }
  if (segments.length === 0) {
    return { ok: false, error: `File path ${shown} does not name a file` };
  }
  return { ok: true, path: segments.join('/') };
}

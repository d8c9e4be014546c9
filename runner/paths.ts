import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

/** An error whose `code` travels to the client in the response body (protocol RunnerErrorBody). */
export class RunnerError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(`${root}/`);
}

/** Realpath of `target`, or of its nearest existing ancestor when it does not exist yet. */
async function realpathOfExisting(target: string): Promise<string> {
  let current = target;
  for (;;) {
    try {
      return await realpath(current);
    } catch {
      if (
        await lstat(current).then(
          () => true,
          () => false
        )
      ) {
        // It exists but cannot be resolved: a dangling symlink, which a write would follow anywhere.
        throw new RunnerError('EACCES', 'Path goes through a broken symbolic link');
      }
      const parent = path.dirname(current);
      if (parent === current) {
        return current;
      }
      current = parent;
    }
  }
}

export interface ResolveOptions {
  /** Allow the empty path / '.' meaning the sandbox root itself (readdir). */
  allowRoot?: boolean;
  /** Check only the parent folder: for rm/rename, which act on a symlink itself, not on its target. */
  noFollow?: boolean;
}

/**
 * Map a client path (relative, '/'-separated) to an absolute path inside `root` (already a realpath).
 * Rejects absolute paths, NUL, `..` escapes (EINVAL) and symlinks leading outside the root (EACCES).
 */
export async function resolveSandboxPath(
  root: string,
  relative: string,
  options: ResolveOptions = {}
): Promise<string> {
  if (relative.includes('\0')) {
    throw new RunnerError('EINVAL', 'Path must not contain NUL');
  }
  if (relative.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(relative)) {
    throw new RunnerError('EINVAL', `Path must be relative to the sandbox: ${relative}`);
  }
  const normalized = path.posix.normalize(relative === '' ? '.' : relative);
  if (normalized === '..' || normalized.startsWith('../')) {
    throw new RunnerError('EINVAL', `Path escapes the sandbox: ${relative}`);
  }
  const absolute = path.join(root, normalized);
  if (absolute === root && !options.allowRoot) {
    throw new RunnerError('EINVAL', 'Path must name a file or folder inside the sandbox');
  }
  const checked = options.noFollow ? path.dirname(absolute) : absolute;
  const real = await realpathOfExisting(checked);
  if (!isInside(root, real)) {
    throw new RunnerError('EACCES', `Path leads outside the sandbox: ${relative}`);
  }
  return absolute;
}

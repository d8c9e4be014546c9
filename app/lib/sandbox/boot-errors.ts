/**
 * How a sandbox failure is classified (spec §8 "Boot"): which fatal-error dialog it opens, or whether it
 * is only tracked. Shared by both sandbox clients and the dialog store; imports nothing heavy.
 */
import { getErrorMessage } from '~/utils/errors';

/** Spec §9: a sandbox that has not booted after 30 s is reported as a startup timeout. */
export const BOOT_TIMEOUT_MS = 30_000;
export const BOOT_TIMEOUT_MESSAGE = 'WebContainer took longer than 30s to boot';

export type BootErrorKind = 'out-of-memory' | 'startup-timeout' | 'startup-error' | 'runtime';
/** The kinds that open the fatal-error dialog. */
export type FatalErrorVariant = Exclude<BootErrorKind, 'runtime'>;
export type SandboxPhase = 'boot' | 'runtime';

/** Thrown when any sandbox takes too long to start; classified as a startup timeout whatever its text. */
export class SandboxBootTimeoutError extends Error {
  constructor(message = BOOT_TIMEOUT_MESSAGE) {
    super(message);
    this.name = 'SandboxBootTimeoutError';
  }
}

const OUT_OF_MEMORY_PATTERNS = ['out of memory', 'could not allocate memory'];

export function classifyBootError(error: unknown, phase: SandboxPhase): BootErrorKind {
  const message = getErrorMessage(error);
  const lower = message.toLowerCase();

  if (OUT_OF_MEMORY_PATTERNS.some((pattern) => lower.includes(pattern))) {
    return 'out-of-memory';
  }
  // A WebAssembly trap ('unreachable') while booting is how the engine fails when it cannot get memory;
  // after boot the same word is too vague to call it out-of-memory.
  if (phase === 'boot' && lower.includes('unreachable')) {
    return 'out-of-memory';
  }
  if (phase === 'runtime') {
    return 'runtime';
  }
  if (error instanceof SandboxBootTimeoutError || message === BOOT_TIMEOUT_MESSAGE) {
    return 'startup-timeout';
  }
  return 'startup-error';
}

export function isFatalErrorKind(kind: BootErrorKind): kind is FatalErrorVariant {
  return kind !== 'runtime';
}

/**
 * Reject with a SandboxBootTimeoutError when `promise` does not settle within `timeoutMs`. `onLate` gets
 * the value if it arrives after the timeout, so a late instance can be torn down instead of leaking.
 */
export function withBootTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  message: string,
  onLate?: (value: T) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new SandboxBootTimeoutError(message));
    }, timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (timedOut) {
          onLate?.(value);
        } else {
          resolve(value);
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!timedOut) {
          reject(error);
        }
      },
    );
  });
}

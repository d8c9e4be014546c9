/**
 * The dialog queue (spec §2): one dialog shows at a time, the same type is never queued twice, and a
 * dialog can be forced to replace the one showing. Also the two start-up dialogs this module owns: the
 * fatal sandbox error (once per browser session) and the Safari warning (until dismissed).
 */
import { atom, computed } from 'nanostores';
import type { FatalErrorVariant } from '~/lib/sandbox/boot-errors';
import type { SandboxKind } from '~/lib/sandbox/types';

export interface FatalErrorDialog {
  type: 'fatal-error';
  variant: FatalErrorVariant;
  /** The copy differs: the runner can be restarted by reloading; WebContainer needs a capable browser. */
  sandboxKind: SandboxKind;
  /** The underlying error text, shown as a detail. */
  message?: string;
}

export type Dialog =
  | FatalErrorDialog
  | { type: 'experimental-browser' }
  | { type: 'database-project-limit' }
  | { type: 'database-name-exists'; projectName?: string }
  | { type: 'database-project-config'; step: 'initial' | 'create-new' };

export type DialogType = Dialog['type'];

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export const FATAL_ERROR_SHOWN_KEY = 'kiln:fatal-error-shown';
export const EXPERIMENTAL_BROWSER_DISMISSED_KEY = 'kiln:experimental-browser-dismissed';

const $queue = atom<readonly Dialog[]>([]);

/** Every dialog waiting, the showing one first. */
export const $dialogQueue = computed($queue, (queue) => queue);
export const $currentDialog = computed($queue, (queue): Dialog | null => queue[0] ?? null);

/**
 * Queue a dialog. Returns false when a dialog of the same type is already queued (it is not added twice).
 * With `force`, the new dialog replaces the one showing (and any queued one of its type) at once.
 */
export function openDialog(dialog: Dialog, options: { force?: boolean } = {}): boolean {
  const queue = $queue.get();
  if (options.force) {
    const rest = queue.slice(1).filter((queued) => queued.type !== dialog.type);
    $queue.set([dialog, ...rest]);
    return true;
  }
  if (queue.some((queued) => queued.type === dialog.type)) {
    return false;
  }
  $queue.set([...queue, dialog]);
  return true;
}

/** Close the showing dialog, or with `type`, drop that dialog wherever it waits. */
export function closeDialog(type?: DialogType): void {
  const queue = $queue.get();
  if (type === undefined) {
    $queue.set(queue.slice(1));
  } else {
    $queue.set(queue.filter((queued) => queued.type !== type));
  }
}

/** Empty the queue (tests, or leaving a project). */
export function clearDialogs(): void {
  $queue.set([]);
}

/* Storage may be missing (server render) or blocked (privacy settings); then remember for this page only. */
const inMemoryFlags = new Map<string, string>();
const inMemoryStorage: StorageLike = {
  getItem: (key) => inMemoryFlags.get(key) ?? null,
  setItem: (key, value) => void inMemoryFlags.set(key, value),
};

function browserStorage(kind: 'sessionStorage' | 'localStorage'): StorageLike {
  try {
    const storage = typeof window === 'undefined' ? undefined : window[kind];
    return storage ?? inMemoryStorage;
  } catch {
    return inMemoryStorage;
  }
}

function readFlag(storage: StorageLike, key: string): boolean {
  try {
    return storage.getItem(key) === 'true';
  } catch {
    return inMemoryStorage.getItem(key) === 'true';
  }
}

function writeFlag(storage: StorageLike, key: string): void {
  try {
    storage.setItem(key, 'true');
  } catch {
    inMemoryStorage.setItem(key, 'true');
  }
}

/**
 * Show the fatal sandbox error, replacing whatever dialog is showing. Only the first one in a browser
 * session is shown (a crash loop must not bury the page in dialogs); returns whether it was shown.
 */
export function showFatalErrorDialog(
  report: Omit<FatalErrorDialog, 'type'>,
  storage: StorageLike = browserStorage('sessionStorage'),
): boolean {
  if (readFlag(storage, FATAL_ERROR_SHOWN_KEY)) {
    return false;
  }
  writeFlag(storage, FATAL_ERROR_SHOWN_KEY);
  return openDialog({ type: 'fatal-error', ...report }, { force: true });
}

/** Desktop and iOS Safari; not the Chromium or Firefox browsers whose user agents also say "Safari". */
export function isSafariUserAgent(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg|OPR|Android)\//.test(userAgent);
}

/** Queue the experimental-browser warning for Safari users who have not dismissed it. Call once at start. */
export function showExperimentalBrowserWarningIfNeeded(
  userAgent: string,
  storage: StorageLike = browserStorage('localStorage'),
): boolean {
  if (!isSafariUserAgent(userAgent) || readFlag(storage, EXPERIMENTAL_BROWSER_DISMISSED_KEY)) {
    return false;
  }
  return openDialog({ type: 'experimental-browser' });
}

/** Remember the dismissal on this device and close the warning. */
export function dismissExperimentalBrowserWarning(storage: StorageLike = browserStorage('localStorage')): void {
  writeFlag(storage, EXPERIMENTAL_BROWSER_DISMISSED_KEY);
  closeDialog('experimental-browser');
}

import { beforeEach, describe, expect, it } from 'vitest';
import {
  $currentDialog,
  $dialogQueue,
  clearDialogs,
  closeDialog,
  dismissExperimentalBrowserWarning,
  EXPERIMENTAL_BROWSER_DISMISSED_KEY,
  FATAL_ERROR_SHOWN_KEY,
  isSafariUserAgent,
  openDialog,
  showExperimentalBrowserWarningIfNeeded,
  showFatalErrorDialog,
} from './dialogs';

/** A stand-in for window.sessionStorage / localStorage, which do not exist under Node. */
function createStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const types = () => $dialogQueue.get().map((dialog) => dialog.type);

const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0';
const CHROME_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

beforeEach(() => clearDialogs());

describe('dialog queue', () => {
  it('shows the first queued dialog and the next one after closing', () => {
    expect($currentDialog.get()).toBeNull();
    openDialog({ type: 'experimental-browser' });
    openDialog({ type: 'database-project-limit' });

    expect($currentDialog.get()).toEqual({ type: 'experimental-browser' });
    closeDialog();
    expect($currentDialog.get()).toEqual({ type: 'database-project-limit' });
    closeDialog();
    expect($currentDialog.get()).toBeNull();
  });

  it('never queues the same dialog type twice', () => {
    expect(openDialog({ type: 'database-project-config', step: 'initial' })).toBe(true);
    expect(openDialog({ type: 'database-project-limit' })).toBe(true);
    expect(openDialog({ type: 'database-project-limit' })).toBe(false);
    expect(openDialog({ type: 'database-project-config', step: 'create-new' })).toBe(false);

    expect(types()).toEqual(['database-project-config', 'database-project-limit']);
    expect($currentDialog.get()).toEqual({ type: 'database-project-config', step: 'initial' });
  });

  it('lets a forced dialog replace the one showing, keeping the rest queued', () => {
    openDialog({ type: 'experimental-browser' });
    openDialog({ type: 'database-project-limit' });
    openDialog({ type: 'database-name-exists', projectName: 'shop' });

    expect(openDialog({ type: 'database-project-limit' }, { force: true })).toBe(true);

    expect(types()).toEqual(['database-project-limit', 'database-name-exists']);
  });

  it('replaces a showing dialog of the same type when forced', () => {
    openDialog({ type: 'database-project-config', step: 'initial' });
    openDialog({ type: 'database-project-config', step: 'create-new' }, { force: true });

    expect($dialogQueue.get()).toEqual([{ type: 'database-project-config', step: 'create-new' }]);
  });

  it('drops a queued dialog by type wherever it waits', () => {
    openDialog({ type: 'experimental-browser' });
    openDialog({ type: 'database-project-limit' });
    closeDialog('database-project-limit');
    closeDialog('database-name-exists');

    expect(types()).toEqual(['experimental-browser']);
  });
});

describe('fatal-error dialog', () => {
  it('replaces the showing dialog and is shown only once per session', () => {
    const session = createStorage();
    openDialog({ type: 'experimental-browser' });

    expect(showFatalErrorDialog({ variant: 'out-of-memory', sandboxKind: 'webcontainer' }, session)).toBe(true);
    expect($currentDialog.get()).toEqual({ type: 'fatal-error', variant: 'out-of-memory', sandboxKind: 'webcontainer' });
    expect(session.values.get(FATAL_ERROR_SHOWN_KEY)).toBe('true');

    closeDialog();
    expect(showFatalErrorDialog({ variant: 'startup-error', sandboxKind: 'runner', message: 'boom' }, session)).toBe(false);
    expect($currentDialog.get()).toBeNull();
  });

  it('is not shown again when an earlier page in this session showed it', () => {
    const session = createStorage({ [FATAL_ERROR_SHOWN_KEY]: 'true' });
    expect(showFatalErrorDialog({ variant: 'startup-timeout', sandboxKind: 'runner' }, session)).toBe(false);
    expect($currentDialog.get()).toBeNull();
  });

  it('still shows once when storage throws', () => {
    const blocked = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: (): void => {
        throw new Error('SecurityError');
      },
    };
    expect(showFatalErrorDialog({ variant: 'startup-error', sandboxKind: 'runner' }, blocked)).toBe(true);
    expect(showFatalErrorDialog({ variant: 'startup-error', sandboxKind: 'runner' }, blocked)).toBe(false);
  });
});

describe('experimental-browser warning', () => {
  it.each([
    ['Safari on macOS', SAFARI_MAC, true],
    ['Safari on iPhone', SAFARI_IPHONE, true],
    ['Chrome on macOS', CHROME_MAC, false],
    ['Edge on Windows', EDGE_WINDOWS, false],
    ['Firefox on macOS', FIREFOX_MAC, false],
    ['Chrome on iOS', CHROME_IOS, false],
    ['Chrome on Android', CHROME_ANDROID, false],
  ])('%s is Safari: %s', (_name, userAgent, safari) => {
    expect(isSafariUserAgent(userAgent)).toBe(safari);
    expect(showExperimentalBrowserWarningIfNeeded(userAgent, createStorage())).toBe(safari);
    expect($currentDialog.get()).toEqual(safari ? { type: 'experimental-browser' } : null);
  });

  it('stays dismissed once dismissed', () => {
    const local = createStorage();
    showExperimentalBrowserWarningIfNeeded(SAFARI_MAC, local);
    dismissExperimentalBrowserWarning(local);

    expect($currentDialog.get()).toBeNull();
    expect(local.values.get(EXPERIMENTAL_BROWSER_DISMISSED_KEY)).toBe('true');
    expect(showExperimentalBrowserWarningIfNeeded(SAFARI_MAC, local)).toBe(false);
  });
});

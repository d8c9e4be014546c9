/**
 * spec §4 "Save state": any file change marks the project unsaved and schedules a debounced save. The
 * save waits for processing (streaming, running actions) to finish, skips when there is nothing to save,
 * no editedAt or when saving is not allowed, PATCHes the project and raises conflict / frozen / too-big.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { z } from 'zod';
import { getErrorMessage } from '~/utils/errors';

export const SAVE_DEBOUNCE_MS = 100;

export const SAVE_FAILED_MESSAGE =
  "Failed to save project. You can download your project by clicking the 'Download' button on top so you don't lose any changes.";

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed';

export interface SaveConflict {
  lastEditor: string;
  editedAt: string;
}

export interface SaveStateOptions<AppFiles> {
  slug: string;
  editedAt: string | null;
  /** Signed in, or a guest who owns the project. */
  canSave: () => boolean;
  /** The files to save in the wire format; null or empty when there is nothing to save. */
  getAppFiles: () => AppFiles | null;
  /** Resolves once no message is streaming and no action runs. */
  waitForIdle: () => Promise<void>;
  /** The files returned by the last getAppFiles() call were stored. */
  onSaved?: (editedAt: string) => void;
  onConflict?: (conflict: SaveConflict) => void;
  /** The server refused a frozen project: the caller forks it. */
  onFrozen?: () => void;
  onTooBig?: () => void;
  onError?: (message: string) => void;
  fetch?: typeof fetch;
  debounceMs?: number;
}

export interface SaveState {
  readonly $status: ReadableAtom<SaveStatus>;
  readonly $editedAt: ReadableAtom<string | null>;
  readonly $conflict: ReadableAtom<SaveConflict | null>;
  /** A file changed: mark unsaved and schedule a save. */
  markChanged(): void;
  /** Save now. `force` overwrites whatever is on the server (no editedAt sent). */
  save(options?: { force?: boolean }): Promise<void>;
  /** Resolve a conflict by overwriting the server copy. */
  overwrite(): Promise<void>;
  dismissConflict(): void;
  /** The server changed the project itself (a snapshot restore): later saves build on this time. */
  acceptServerEdit(editedAt: string): void;
  dispose(): void;
}

const savedSchema = z.object({ editedAt: z.string() });
const conflictSchema = z.object({ lastEditor: z.string().nullable().optional(), editedAt: z.string() });

function isEmpty(files: unknown): boolean {
  if (files === null || files === undefined) {
    return true;
  }
  return Array.isArray(files) ? files.length === 0 : typeof files === 'object' && Object.keys(files).length === 0;
}

export function createSaveState<AppFiles>(options: SaveStateOptions<AppFiles>): SaveState {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const debounceMs = options.debounceMs ?? SAVE_DEBOUNCE_MS;
  const $status = atom<SaveStatus>('saved');
  const $editedAt = atom<string | null>(options.editedAt);
  const $conflict = atom<SaveConflict | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let changedWhileSaving = false;
  let disposed = false;

  async function patch(force: boolean): Promise<void> {
    await options.waitForIdle();
    if (disposed) {
      return;
    }
    const appFiles = options.getAppFiles();
    const editedAt = $editedAt.get();
    if (isEmpty(appFiles) || editedAt === null || !options.canSave()) {
      return;
    }
    $status.set('saving');
    changedWhileSaving = false;
    let response: Response;
    try {
      response = await fetchImpl(`/api/projects/${encodeURIComponent(options.slug)}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(force ? { project: { appFiles } } : { project: { appFiles }, editedAt }),
      });
    } catch (error) {
      $status.set('failed');
      options.onError?.(getErrorMessage(error));
      return;
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const saved = savedSchema.safeParse(body);
      if (saved.success) {
        $editedAt.set(saved.data.editedAt);
        options.onSaved?.(saved.data.editedAt);
      }
      $status.set(changedWhileSaving ? 'unsaved' : 'saved');
      return;
    }
    $status.set('failed');
    if (response.status === 409) {
      const parsed = conflictSchema.safeParse(body);
      const conflict = {
        lastEditor: (parsed.success && parsed.data.lastEditor) || 'someone else',
        editedAt: parsed.success ? parsed.data.editedAt : '',
      };
      $conflict.set(conflict);
      options.onConflict?.(conflict);
    } else if (response.status === 422) {
      options.onFrozen?.();
    } else if (response.status === 413) {
      options.onTooBig?.();
    } else {
      options.onError?.(`An unexpected status code ${response.status} response was received from the server.`);
    }
  }

  async function save({ force = false }: { force?: boolean } = {}): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    // One save at a time; a change during a save schedules another one after it.
    while (running) {
      await running;
    }
    running = patch(force).finally(() => {
      running = null;
    });
    await running;
    if (changedWhileSaving && !disposed && $conflict.get() === null) {
      schedule();
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), debounceMs);
  }

  return {
    $status,
    $editedAt,
    $conflict,
    markChanged() {
      if (disposed) {
        return;
      }
      if (running) {
        changedWhileSaving = true;
      }
      if ($status.get() !== 'saving') {
        $status.set('unsaved');
      }
      if ($conflict.get() === null) {
        schedule();
      }
    },
    save,
    async overwrite() {
      $conflict.set(null);
      await save({ force: true });
    },
    dismissConflict() {
      $conflict.set(null);
    },
    acceptServerEdit(editedAt) {
      $editedAt.set(editedAt);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Editor documents, the selected file, unsaved edits (written back to the sandbox after a short
 * debounce or at once on save) and editor streaming (spec §4 "Editor streaming").
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { StreamingFileEvent } from '~/lib/runtime/types';
import { getErrorMessage } from '~/utils/errors';
import type { FilesStore } from './files';
import { normalizePath } from './file-rules';

/** spec §3 "Editor document". */
export interface EditorDocument {
  value: string;
  filePath: string;
  scroll?: { top: number; left: number };
  isBinary: boolean;
}

export const EDITOR_SAVE_DEBOUNCE_MS = 300;

export interface EditorStoreOptions {
  files: FilesStore;
  saveDebounceMs?: number;
}

export interface EditorStore {
  readonly $selectedFile: ReadableAtom<string | undefined>;
  readonly $currentDocument: ReadableAtom<EditorDocument | undefined>;
  /** Paths with edits not yet written to the sandbox. */
  readonly $unsavedFiles: ReadableAtom<ReadonlySet<string>>;
  /** The file the model is writing right now, if any. */
  readonly $streamingFile: ReadableAtom<string | undefined>;
  readonly $saveError: ReadableAtom<string | undefined>;
  /** `byUser` marks a pick by hand, which keeps streaming from switching files (spec §4). */
  selectFile(path: string | undefined, options?: { byUser?: boolean }): void;
  updateDocument(path: string, value: string): void;
  updateScroll(path: string, scroll: { top: number; left: number }): void;
  saveFile(path: string): Promise<void>;
  saveCurrentFile(): Promise<void>;
  /** Drops drafts of removed files and drafts equal to what is on disk. */
  reconcileDrafts(): void;
  handleStreamingFileEvent(event: StreamingFileEvent): void;
  dispose(): Promise<void>;
}

export function createEditorStore({ files, saveDebounceMs = EDITOR_SAVE_DEBOUNCE_MS }: EditorStoreOptions): EditorStore {
  const $selectedFile = atom<string | undefined>(undefined);
  const $drafts = atom<Record<string, string>>({});
  const $streamingFile = atom<string | undefined>(undefined);
  const $saveError = atom<string | undefined>(undefined);
  const scrolls = new Map<string, { top: number; left: number }>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let userPickedDuringStream = false;
  let streamedContent = '';

  const $unsavedFiles = computed($drafts, (drafts) => new Set(Object.keys(drafts)) as ReadonlySet<string>);

  const $currentDocument = computed([files.$files, $selectedFile, $drafts], (map, path, drafts) => {
    if (!path) return undefined;
    const entry = map[path];
    if (entry?.type !== 'file') return undefined;
    const document: EditorDocument = {
      value: entry.isBinary ? '' : (drafts[path] ?? entry.content),
      filePath: path,
      scroll: scrolls.get(path),
      isBinary: entry.isBinary,
    };
    return document;
  });

  const dropDraft = (path: string) => {
    if (!(path in $drafts.get())) return;
    const { [path]: _dropped, ...rest } = $drafts.get();
    $drafts.set(rest);
  };

  const clearTimer = (path: string) => {
    const timer = timers.get(path);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(path);
  };

  const saveFile = async (path: string) => {
    clearTimer(path);
    const draft = $drafts.get()[path];
    if (draft === undefined) return;
    try {
      await files.writeFile(path, draft);
      $saveError.set(undefined);
      // Newer keystrokes may have arrived while writing; keep those.
      if ($drafts.get()[path] === draft) dropDraft(path);
    } catch (error) {
      $saveError.set(`Could not save ${path}: ${getErrorMessage(error)}`);
    }
  };

  const selectFile: EditorStore['selectFile'] = (rawPath, options) => {
    const path = rawPath === undefined ? undefined : normalizePath(rawPath);
    if (options?.byUser && $streamingFile.get() !== undefined) userPickedDuringStream = true;
    $selectedFile.set(path);
  };

  return {
    $selectedFile,
    $currentDocument,
    $unsavedFiles,
    $streamingFile,
    $saveError,
    selectFile,
    updateDocument(rawPath, value) {
      const path = normalizePath(rawPath);
      const entry = files.getFile(path);
      if (!entry || entry.isBinary || path === $streamingFile.get()) return;
      if (value === entry.content && !(path in $drafts.get())) return;
      $drafts.set({ ...$drafts.get(), [path]: value });
      clearTimer(path);
      timers.set(path, setTimeout(() => void saveFile(path), saveDebounceMs));
    },
    updateScroll(path, scroll) {
      scrolls.set(normalizePath(path), scroll);
    },
    saveFile,
    async saveCurrentFile() {
      const path = $selectedFile.get();
      if (path) await saveFile(path);
    },
    reconcileDrafts() {
      const drafts = $drafts.get();
      for (const [path, draft] of Object.entries(drafts)) {
        const entry = files.getFile(path);
        if (!entry || entry.content === draft) {
          clearTimer(path);
          dropDraft(path);
        }
      }
    },
    handleStreamingFileEvent(event) {
      const path = normalizePath(event.path);
      switch (event.status) {
        case 'start': {
          if (!userPickedDuringStream) $selectedFile.set(path);
          userPickedDuringStream = false;
          clearTimer(path);
          dropDraft(path);
          streamedContent = event.content;
          files.setContent(path, streamedContent);
          $streamingFile.set(path);
          break;
        }
        case 'stream': {
          // The parser sends the delta since the previous event.
          streamedContent += event.content;
          files.setContent(path, streamedContent);
          break;
        }
        case 'end': {
          streamedContent = '';
          files.setContent(path, event.content);
          $streamingFile.set(undefined);
          break;
        }
      }
    },
    async dispose() {
      const pending = [...timers.keys()];
      await Promise.all(pending.map((path) => saveFile(path)));
      for (const path of timers.keys()) clearTimer(path);
    },
  };
}

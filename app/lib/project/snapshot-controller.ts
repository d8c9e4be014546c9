/**
 * Restore points for the chat: a snapshot of the saved file set after each finished answer, and
 * restoring one (one at a time) back into the sandbox. spec §4 Snapshot, §8 snapshot failures.
 */
import type { ReadableAtom } from 'nanostores';
import { LOAD_SNAPSHOT_FAILED, SAVE_SNAPSHOT_FAILED, type SnapshotFiles, type SnapshotSummary } from '~/lib/api/snapshot-client';
import type { Sandbox } from '~/lib/sandbox/types';
import type { ChatEntry } from '~/lib/stores/chat';
import { createSnapshotsStore, type SnapshotsStore } from '~/lib/stores/snapshots';
import { getErrorMessage } from '~/utils/errors';
import { readIgnorePatterns, reasonToIgnoreWhenSaving, selectFilesToSave, type SavableFile } from './ignore-files';

export interface SnapshotControllerOptions {
  projectId: string;
  /** Only the owner takes and restores snapshots. */
  canSnapshot: () => boolean;
  /** The project's current files (the workbench's view). */
  getFiles: () => Record<string, SavableFile>;
  getSandbox: () => Sandbox | null;
  /**
   * A file's text straight from the sandbox. The workbench learns of writes from the file watcher, a
   * moment later: the files the answer wrote are read here so the snapshot cannot miss them.
   */
  readFile?: (path: string) => Promise<string | null>;
  /** Resolves once the answer's actions have finished writing files. */
  waitForIdle: () => Promise<void>;
  /** After the files were written and the server applied the snapshot. */
  onRestored: (result: { messageId: string; editedAt: string }) => Promise<void> | void;
  onError: (message: string) => void;
  /** Replaceable in tests; by default the real store on the snapshot API. */
  createStore?: (keepPath: (path: string) => boolean) => SnapshotsStore;
}

export interface SnapshotController {
  /** Newest first. */
  readonly $snapshots: ReadableAtom<SnapshotSummary[]>;
  /** The message id being restored, or null. */
  readonly $restoring: ReadableAtom<string | null>;
  refresh(): Promise<void>;
  /** Snapshot the files once the answer's actions are done (answers that produced nothing are skipped). */
  afterAnswer(entry: ChatEntry): Promise<void>;
  /** False when refused (another restore runs, not allowed) or failed (the error was reported). */
  restore(messageId: string): Promise<boolean>;
}

/** The saved set as a snapshot map: text files only (binaries and ignored files are never saved). */
export function toSnapshotFiles(files: Readonly<Record<string, SavableFile>>): SnapshotFiles {
  const snapshot: SnapshotFiles = {};
  for (const [path, file] of Object.entries(selectFilesToSave(files))) {
    snapshot[path] = { type: 'file', content: file.content };
  }
  return snapshot;
}

/** Files a snapshot cannot hold (binaries, lock files, ignored paths) and their folders: a restore keeps them. */
export function pathsToKeep(files: Readonly<Record<string, SavableFile>>): Set<string> {
  const keep = new Set<string>();
  const ignorePatterns = readIgnorePatterns(files);
  for (const [path, file] of Object.entries(files)) {
    if (reasonToIgnoreWhenSaving(path, file, { ignorePatterns }) === null) continue;
    for (let current = path; current !== ''; current = current.includes('/') ? current.slice(0, current.lastIndexOf('/')) : '') {
      keep.add(current);
    }
  }
  return keep;
}

/** Paths the answer's file actions wrote. */
function writtenPaths(entry: ChatEntry): string[] {
  const actions = Object.values(entry.runtime?.$view.get().actions ?? {});
  return [...new Set(actions.flatMap((action) => (action.type === 'file' && action.filePath && action.status === 'complete' ? [action.filePath.replace(/^(\.\/|\/)+/, '')] : [])))];
}

export function createSnapshotController(options: SnapshotControllerOptions): SnapshotController {
  let kept = new Set<string>();
  const store = (options.createStore ?? ((keepPath) => createSnapshotsStore({ projectId: options.projectId, keepPath })))(
    (path) => kept.has(path),
  );

  return {
    $snapshots: store.$snapshots,
    $restoring: store.$restoring,
    async refresh() {
      if (!options.canSnapshot()) return;
      await store.refresh().catch(() => options.onError(LOAD_SNAPSHOT_FAILED));
    },
    async afterAnswer(entry) {
      if (!options.canSnapshot() || entry.role !== 'assistant' || entry.content === '') return;
      await options.waitForIdle();
      const current: Record<string, SavableFile> = { ...options.getFiles() };
      for (const path of writtenPaths(entry)) {
        const content = await options.readFile?.(path);
        if (typeof content === 'string') current[path] = { content, isBinary: false };
      }
      const files = toSnapshotFiles(current);
      if (Object.keys(files).length === 0) return;
      // The client already retried (spec §7): what reaches here is final.
      await store.takeSnapshot(entry.id, files).catch(() => options.onError(SAVE_SNAPSHOT_FAILED));
    },
    async restore(messageId) {
      const sandbox = options.getSandbox();
      if (!options.canSnapshot() || !sandbox || store.$restoring.get() !== null) return false;
      kept = pathsToKeep(options.getFiles());
      let result: { editedAt: string } | null;
      try {
        result = await store.restoreSnapshot(messageId, sandbox);
      } catch {
        options.onError(LOAD_SNAPSHOT_FAILED);
        return false;
      }
      if (!result) return false;
      try {
        await options.onRestored({ messageId, editedAt: result.editedAt });
      } catch (error) {
        // The files are back; only restarting the app failed.
        options.onError(`The files were restored, but the app could not be restarted: ${getErrorMessage(error)}`);
      }
      return true;
    },
  };
}

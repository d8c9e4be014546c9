/**
 * Snapshots (restore points) of the chat's project, one per message: the list, taking one, and restoring
 * one into the sandbox. spec §4: a checkout is refused while another is in progress.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { blobUrl } from '~/lib/api/direct-upload';
import { createSnapshotClient, type SnapshotClient, type SnapshotFiles, type SnapshotSummary } from '~/lib/api/snapshot-client';
import { type Sandbox } from '~/lib/sandbox/types';

/** Never touched by a restore: they are not part of any snapshot. */
const ALWAYS_KEPT = new Set(['node_modules', '.git']);

export interface SnapshotsStoreOptions {
  /** Project id or slug. */
  projectId: string;
  client?: SnapshotClient;
  /** Bytes of a binary file saved as a blob. Default: GET its storage URL. */
  fetchBlob?: (blobId: string, path: string) => Promise<Uint8Array>;
  /** Paths a restore must leave alone although the snapshot lacks them (e.g. files saving ignores). */
  keepPath?: (path: string) => boolean;
}

export interface SnapshotsStore {
  /** Newest first. */
  readonly $snapshots: ReadableAtom<SnapshotSummary[]>;
  /** The message id being restored, or null. */
  readonly $restoring: ReadableAtom<string | null>;
  refresh(): Promise<void>;
  takeSnapshot(messageId: string, files: SnapshotFiles): Promise<SnapshotSummary>;
  /**
   * Write the snapshot's files into the sandbox, remove files it does not have, then tell the server
   * (apply). Resolves null, doing nothing, when another restore is running.
   */
  restoreSnapshot(messageId: string, sandbox: Sandbox): Promise<{ editedAt: string } | null>;
}

async function defaultFetchBlob(blobId: string, path: string): Promise<Uint8Array> {
  const response = await fetch(blobUrl(blobId, path.slice(path.lastIndexOf('/') + 1)), { credentials: 'same-origin' });
  if (!response.ok) {
    throw new Error(`Could not load ${path} (status ${response.status})`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

function parentOf(path: string): string | undefined {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : undefined;
}

/** Every path of the snapshot plus all their parent folders: what a restore must not delete. */
function neededPaths(files: SnapshotFiles): Set<string> {
  const needed = new Set<string>();
  for (const path of Object.keys(files)) {
    for (let current: string | undefined = path; current && !needed.has(current); current = parentOf(current)) {
      needed.add(current);
    }
  }
  return needed;
}

async function writeSnapshot(sandbox: Sandbox, files: SnapshotFiles, fetchBlob: NonNullable<SnapshotsStoreOptions['fetchBlob']>) {
  const paths = Object.keys(files).sort();
  for (const path of paths) {
    const entry = files[path];
    if (entry.type === 'folder') {
      await sandbox.fs.mkdir(path, { recursive: true });
      continue;
    }
    const parent = parentOf(path);
    if (parent) await sandbox.fs.mkdir(parent, { recursive: true });
    if (entry.isBinary) {
      // A binary without a stored blob was never captured: leave whatever the sandbox has.
      if (entry.blobId) await sandbox.fs.writeFile(path, await fetchBlob(entry.blobId, path));
      continue;
    }
    await sandbox.fs.writeFile(path, entry.content ?? '');
  }
}

async function removeExtraneous(sandbox: Sandbox, files: SnapshotFiles, keep: (path: string) => boolean, dir = ''): Promise<void> {
  const needed = neededPaths(files);
  const entries = await sandbox.fs.readdir(dir === '' ? '/' : dir);
  for (const entry of entries) {
    if (ALWAYS_KEPT.has(entry.name)) continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (keep(path)) continue;
    if (!needed.has(path)) {
      await sandbox.fs.rm(path, { recursive: true, force: true });
    } else if (entry.isDirectory()) {
      await removeExtraneous(sandbox, files, keep, path);
    }
  }
}

export function createSnapshotsStore(options: SnapshotsStoreOptions): SnapshotsStore {
  const client = options.client ?? createSnapshotClient();
  const fetchBlob = options.fetchBlob ?? defaultFetchBlob;
  const keep = options.keepPath ?? (() => false);
  const $snapshots = atom<SnapshotSummary[]>([]);
  const $restoring = atom<string | null>(null);

  return {
    $snapshots,
    $restoring,
    async refresh() {
      $snapshots.set(await client.list(options.projectId));
    },
    async takeSnapshot(messageId, files) {
      const saved = await client.save(options.projectId, messageId, files);
      $snapshots.set([saved, ...$snapshots.get().filter((snapshot) => snapshot.messageId !== messageId)]);
      return saved;
    },
    async restoreSnapshot(messageId, sandbox) {
      if ($restoring.get() !== null) {
        return null;
      }
      $restoring.set(messageId);
      try {
        const files = await client.load(options.projectId, messageId);
        await writeSnapshot(sandbox, files, fetchBlob);
        await removeExtraneous(sandbox, files, keep);
        return await client.apply(options.projectId, messageId);
      } finally {
        $restoring.set(null);
      }
    },
  };
}

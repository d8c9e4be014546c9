import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { WatchEvent } from '../protocol/runner';

/** Files bigger than this are not sent (nor their changes): an editor has no use for them. */
export const MAX_WATCHED_FILE_BYTES = 1024 * 1024;
export const WATCH_BUFFER_MS = 100;
const EXCLUDED = new Set(['node_modules', '.git']);

/** Binary when a control byte ≤ 8 (NUL included) shows up early, or the bytes are not valid UTF-8. */
export function isBinary(content: Buffer): boolean {
  const head = content.subarray(0, 8000);
  return head.some((byte) => byte <= 8) || !isUtf8(content);
}

function isExcluded(relative: string): boolean {
  return relative.split('/').some((segment) => EXCLUDED.has(segment));
}

type Known = { kind: 'dir' } | { kind: 'file'; hash: string };

/**
 * Watches a sandbox folder except node_modules and .git. One non-recursive fs.watch per folder, because
 * Node's recursive mode on Linux would also walk node_modules (tens of thousands of inotify watches).
 * Changes are buffered 100 ms and coalesced per path by looking at the final state of each touched path:
 * a file is sent with its content when it was added or its content really changed.
 */
export class SandboxWatcher {
  private readonly known = new Map<string, Known>();
  private readonly watchers = new Map<string, FSWatcher>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly root: string, private readonly emit: (events: WatchEvent[]) => void) {}

  async start(): Promise<void> {
    await this.scan('', new Map(), false);
  }

  close(): void {
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
    }
    for (const watcher of this.watchers.values()) {
      watcher.close();
    }
    this.watchers.clear();
  }

  private watchDir(relative: string): void {
    if (this.watchers.has(relative) || this.closed) {
      return;
    }
    try {
      const watcher = watch(path.join(this.root, relative), (_event, filename) => {
        this.touch(filename ? path.posix.join(relative, filename.toString()) : relative);
      });
      watcher.on('error', () => this.unwatch(relative));
      this.watchers.set(relative, watcher);
    } catch {
      // The folder vanished before we could watch it; its removal is handled by the parent's event.
    }
  }

  private unwatch(relative: string): void {
    this.watchers.get(relative)?.close();
    this.watchers.delete(relative);
  }

  private touch(relative: string): void {
    if (this.closed || isExcluded(relative)) {
      return;
    }
    this.pending.add(relative);
    this.timer ??= setTimeout(() => void this.flush(), WATCH_BUFFER_MS);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const paths = [...this.pending].sort();
    this.pending = new Set();
    const events = new Map<string, WatchEvent>();
    for (const relative of paths) {
      await this.inspect(relative, events, true);
    }
    if (events.size > 0 && !this.closed) {
      this.emit([...events.values()]);
    }
  }

  /** Read a folder's entries into `known` (and `events` when `report`). '' is the root. */
  private async scan(
    relative: string,
    events: Map<string, WatchEvent>,
    report: boolean,
    onlyNew = false
  ): Promise<void> {
    this.watchDir(relative);
    const entries = await readdir(path.join(this.root, relative)).catch(() => [] as string[]);
    for (const name of entries) {
      const child = relative ? `${relative}/${name}` : name;
      if (!isExcluded(child) && !(onlyNew && this.known.has(child))) {
        await this.inspect(child, events, report);
      }
    }
  }

  private async inspect(relative: string, events: Map<string, WatchEvent>, report: boolean): Promise<void> {
    if (relative === '') {
      await this.scan('', events, report, true);
      return;
    }
    const absolute = path.join(this.root, relative);
    const stat = await lstat(absolute).catch(() => null);
    const before = this.known.get(relative);
    if (!stat) {
      if (before) {
        this.forget(relative);
        events.set(relative, { type: before.kind === 'dir' ? 'remove_dir' : 'remove_file', path: relative });
      }
      return;
    }
    if (stat.isDirectory()) {
      if (before?.kind === 'file') {
        this.forget(relative);
      }
      const isNew = before?.kind !== 'dir';
      if (isNew) {
        this.known.set(relative, { kind: 'dir' });
        if (report) {
          events.set(relative, { type: 'add_dir', path: relative });
        }
      }
      // Look for entries: a new folder may have been filled before its own watcher existed.
      await this.scan(relative, events, report, !isNew);
      return;
    }
    if (!stat.isFile() || stat.size > MAX_WATCHED_FILE_BYTES) {
      return;
    }
    const content = await readFile(absolute).catch(() => null);
    if (!content) {
      return;
    }
    const hash = createHash('sha1').update(content).digest('hex');
    if (before?.kind === 'dir') {
      this.forget(relative);
    }
    if (before?.kind === 'file' && before.hash === hash) {
      return;
    }
    this.known.set(relative, { kind: 'file', hash });
    if (report) {
      const binary = isBinary(content);
      events.set(relative, {
        type: before?.kind === 'file' ? 'change' : 'add_file',
        path: relative,
        data: content.toString(binary ? 'base64' : 'utf8'),
        encoding: binary ? 'base64' : 'utf-8',
      });
    }
  }

  /** Drop a path and everything under it. */
  private forget(relative: string): void {
    for (const key of [...this.known.keys()]) {
      if (key === relative || key.startsWith(`${relative}/`)) {
        this.known.delete(key);
        this.unwatch(key);
      }
    }
  }
}

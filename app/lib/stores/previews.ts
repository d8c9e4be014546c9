/**
 * Previews, one per open port (spec §3 "Preview entry", §4 "Preview"), plus the dev-server state the
 * preview pane shows instead of a blank page (starting, waiting for a port, crashed).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';

export interface PreviewInfo {
  port: number;
  ready: boolean;
  baseUrl: string;
  /** Bumped on every reload; the pane resets the frame's src when it changes. */
  reloadKey: number;
}

/** What the orchestrator knows about the start command; the UI derives the pane's state from it. */
export type DevServerState =
  | { status: 'idle' }
  | { status: 'starting'; command?: string }
  | { status: 'crashed'; exitCode: number; command?: string };

export type PreviewPaneState =
  | { kind: 'idle' }
  | { kind: 'starting'; command?: string }
  | { kind: 'waiting-for-server'; preview: PreviewInfo }
  | { kind: 'ready'; preview: PreviewInfo }
  | { kind: 'crashed'; exitCode: number; command?: string };

export interface PreviewsStore {
  /** In the order the ports opened. */
  readonly $previews: ReadableAtom<readonly PreviewInfo[]>;
  readonly $activePreview: ReadableAtom<PreviewInfo | undefined>;
  readonly $devServer: ReadableAtom<DevServerState>;
  readonly $paneState: ReadableAtom<PreviewPaneState>;
  handlePort(port: number, type: 'open' | 'close', url: string): void;
  handleServerReady(port: number, url: string): void;
  /** A pick by hand; stops the automatic lowest-port choice. */
  selectPreview(port: number): void;
  /** Forces a src reload of the frame (spec §4 reload, the path taken when no acknowledgement comes). */
  reloadPreview(port?: number): void;
  setDevServerState(state: DevServerState): void;
}

export function createPreviewsStore(): PreviewsStore {
  const $previews = atom<readonly PreviewInfo[]>([]);
  const $activePort = atom<number | undefined>(undefined);
  const $devServer = atom<DevServerState>({ status: 'idle' });
  let lowestPortApplied = false;
  let chosenByUser = false;

  const $activePreview = computed([$previews, $activePort], (previews, chosen) =>
    previews.find((preview) => preview.port === chosen) ?? previews[0],
  );

  const $paneState = computed([$activePreview, $devServer], (preview, server): PreviewPaneState => {
    if (server.status === 'crashed' && !preview?.ready) {
      return { kind: 'crashed', exitCode: server.exitCode, command: server.command };
    }
    if (preview) return preview.ready ? { kind: 'ready', preview } : { kind: 'waiting-for-server', preview };
    if (server.status === 'starting') return { kind: 'starting', command: server.command };
    if (server.status === 'crashed') return { kind: 'crashed', exitCode: server.exitCode, command: server.command };
    return { kind: 'idle' };
  });

  const update = (port: number, change: (preview: PreviewInfo) => PreviewInfo) => {
    $previews.set($previews.get().map((preview) => (preview.port === port ? change(preview) : preview)));
  };

  const store: PreviewsStore = {
    $previews,
    $activePreview,
    $devServer,
    $paneState,
    handlePort(port, type, url) {
      const previews = $previews.get();
      const existing = previews.find((preview) => preview.port === port);
      if (type === 'close') {
        if (existing) $previews.set(previews.filter((preview) => preview.port !== port));
        if ($activePort.get() === port) $activePort.set(undefined);
        return;
      }
      if (existing) {
        update(port, (preview) => ({ ...preview, baseUrl: url || preview.baseUrl }));
        return;
      }
      const next = [...previews, { port, ready: false, baseUrl: url, reloadKey: 0 }];
      $previews.set(next);
      // With more than one preview and none chosen, the lowest port becomes active, once.
      if (next.length > 1 && !lowestPortApplied && !chosenByUser) {
        lowestPortApplied = true;
        $activePort.set(Math.min(...next.map((preview) => preview.port)));
      } else if ($activePort.get() === undefined) {
        $activePort.set(next[0].port);
      }
    },
    handleServerReady(port, url) {
      if (!$previews.get().some((preview) => preview.port === port)) {
        store.handlePort(port, 'open', url);
      }
      update(port, (preview) => ({ ...preview, ready: true, baseUrl: url || preview.baseUrl }));
      if ($devServer.get().status === 'crashed') $devServer.set({ status: 'starting' });
    },
    selectPreview(port) {
      chosenByUser = true;
      $activePort.set(port);
    },
    reloadPreview(port) {
      const target = port ?? $activePreview.get()?.port;
      if (target !== undefined) update(target, (preview) => ({ ...preview, reloadKey: preview.reloadKey + 1 }));
    },
    setDevServerState(state) {
      $devServer.set(state);
    },
  };
  return store;
}

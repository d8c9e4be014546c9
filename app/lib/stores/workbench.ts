/**
 * The workbench store: composes files, editor, previews and the terminal sink for one open project
 * and wires them to its sandbox. Created when a project opens; `dispose()` when it closes.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { StreamingFileEvent } from '~/lib/runtime/types';
import type { Sandbox } from '~/lib/sandbox/types';
import { createEditorStore, type EditorDocument } from './editor';
import { createFilesStore, type FileMap } from './files';
import { defaultSelectedFile } from './file-rules';
import { createPreviewsStore, type DevServerState, type PreviewInfo, type PreviewPaneState } from './previews';
import { createTerminalSink, type TerminalSink } from './terminal';

export type WorkbenchView = 'code' | 'preview';

export interface WorkbenchStoreOptions {
  sandbox: Pick<Sandbox, 'fs' | 'workdir' | 'watch' | 'on'>;
  /** Debounce of editor write-back (ms). */
  saveDebounceMs?: number;
}

export interface WorkbenchStore {
  readonly $files: ReadableAtom<FileMap>;
  readonly $selectedFile: ReadableAtom<string | undefined>;
  readonly $currentDocument: ReadableAtom<EditorDocument | undefined>;
  readonly $unsavedFiles: ReadableAtom<ReadonlySet<string>>;
  readonly $streamingFile: ReadableAtom<string | undefined>;
  readonly $saveError: ReadableAtom<string | undefined>;
  readonly $previews: ReadableAtom<readonly PreviewInfo[]>;
  readonly $activePreview: ReadableAtom<PreviewInfo | undefined>;
  readonly $previewPane: ReadableAtom<PreviewPaneState>;
  /** 'preview' by default; switches to 'code' when a streamed file opens, back to 'preview' when a server becomes ready. */
  readonly $view: ReadableAtom<WorkbenchView>;
  readonly $showTerminal: ReadableAtom<boolean>;
  readonly terminal: TerminalSink;
  setView(view: WorkbenchView): void;
  setShowTerminal(show: boolean): void;
  toggleTerminal(): void;
  /** `byUser` (default true): a pick by hand, which keeps streaming from switching files. */
  selectFile(path: string | undefined, options?: { byUser?: boolean }): void;
  updateDocument(path: string, value: string): void;
  updateScroll(path: string, scroll: { top: number; left: number }): void;
  saveCurrentFile(): Promise<void>;
  /** Throws an Error with the spec §8 rename text when refused. */
  renameFile(from: string, to: string): Promise<void>;
  handleStreamingFileEvent(event: StreamingFileEvent): void;
  selectPreview(port: number): void;
  reloadPreview(port?: number): void;
  setDevServerState(state: DevServerState): void;
  /** Stops watching, flushes pending edits. */
  dispose(): Promise<void>;
}

export function createWorkbenchStore({ sandbox, saveDebounceMs }: WorkbenchStoreOptions): WorkbenchStore {
  const files = createFilesStore(sandbox);
  const editor = createEditorStore({ files, saveDebounceMs });
  const previews = createPreviewsStore();
  const terminal = createTerminalSink();
  const $view = atom<WorkbenchView>('preview');
  const $showTerminal = atom(false);

  // While a rename runs, files vanish and reappear; the selection follows once it is done.
  let renaming = false;

  const followFiles = (map: FileMap) => {
    editor.reconcileDrafts();
    if (renaming) return;
    const selected = editor.$selectedFile.get();
    if (selected !== undefined && map[selected]?.type === 'file') return;
    const filePaths = Object.keys(map).filter((path) => map[path]?.type === 'file');
    editor.selectFile(defaultSelectedFile(filePaths));
  };

  // Show the code while the model writes a file, and the app once a server answers — unless the person
  // picked a view themselves since the model last wrote a file: their choice wins.
  let viewChosenByUser = false;
  const followStreaming = (event: StreamingFileEvent) => {
    editor.handleStreamingFileEvent(event);
    if (event.status === 'start' && editor.$selectedFile.get() === editor.$streamingFile.get()) {
      viewChosenByUser = false;
      $view.set('code');
    }
  };
  let previewWasReady = false;
  const followPreview = (preview: PreviewInfo | undefined) => {
    const ready = preview?.ready ?? false;
    if (ready && !previewWasReady && !viewChosenByUser) $view.set('preview');
    previewWasReady = ready;
  };

  const cleanups = [
    files.$files.listen(followFiles),
    previews.$activePreview.listen(followPreview),
    sandbox.watch((changes) => files.applyChanges(changes)),
    sandbox.on('port', (port, type, url) => previews.handlePort(port, type, url)),
    sandbox.on('server-ready', (port, url) => previews.handleServerReady(port, url)),
  ];

  return {
    $files: files.$files,
    $selectedFile: editor.$selectedFile,
    $currentDocument: editor.$currentDocument,
    $unsavedFiles: editor.$unsavedFiles,
    $streamingFile: editor.$streamingFile,
    $saveError: editor.$saveError,
    $previews: previews.$previews,
    $activePreview: previews.$activePreview,
    $previewPane: previews.$paneState,
    $view,
    $showTerminal,
    terminal,
    setView: (view) => {
      viewChosenByUser = true;
      $view.set(view);
    },
    setShowTerminal: (show) => $showTerminal.set(show),
    toggleTerminal: () => $showTerminal.set(!$showTerminal.get()),
    selectFile: (path, options) => editor.selectFile(path, { byUser: options?.byUser ?? true }),
    updateDocument: editor.updateDocument,
    updateScroll: editor.updateScroll,
    saveCurrentFile: editor.saveCurrentFile,
    async renameFile(from, to) {
      const selected = editor.$selectedFile.get();
      const followsRename = selected !== undefined && (selected === from || selected.startsWith(`${from}/`));
      renaming = true;
      try {
        await files.rename(from, to);
      } finally {
        renaming = false;
      }
      if (followsRename) editor.selectFile(`${to}${selected.slice(from.length)}`);
      followFiles(files.$files.get());
    },
    handleStreamingFileEvent: followStreaming,
    selectPreview: previews.selectPreview,
    reloadPreview: previews.reloadPreview,
    setDevServerState: previews.setDevServerState,
    async dispose() {
      for (const cleanup of cleanups.splice(0)) cleanup();
      await editor.dispose();
    },
  };
}

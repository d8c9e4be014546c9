/**
 * Everything one open project needs in the browser, wired together: the sandbox (booted on open,
 * torn down on close), its saved files mounted (no command replay), the workbench, the shell, the chat
 * and the save state. Only the restored project's install and start steps run again (LESSONS.md).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { uploadProjectFile } from '~/lib/api/direct-upload';
import { createApiClient } from '~/lib/api/fetch-json';
import { createSnapshotClient } from '~/lib/api/snapshot-client';
import type { SandboxConfig } from '~/lib/sandbox';
import type { Sandbox } from '~/lib/sandbox/types';
import type { ShellSession } from '~/lib/runtime/shell-session';
import { createChatStore, type AssistantRuntime, type ChatEntry, type ChatStore } from '~/lib/stores/chat';
import { createSnapshotsStore } from '~/lib/stores/snapshots';
import { createSaveState, SAVE_FAILED_MESSAGE, type SaveState } from '~/lib/stores/save-state';
import type { WorkbenchStore } from '~/lib/stores/workbench';
import { getErrorMessage } from '~/utils/errors';
import { binaryPathsToSave, createBinaryFiles, loadSavedBinaries } from './binary-files';
import { selectFilesToSave, type SavableFile } from './ignore-files';
import { firstArtifactTitle } from './message-view';
import type { ProjectInfo, ProjectPageData } from './page-data';
import { reloadWhenOutputSettles, reportStartCommand, withDevServerReporting } from './dev-server-state';
import { planRestoreCommands } from './restore';
import { createSnapshotController, type SnapshotController } from './snapshot-controller';
import { createVisibilityControl, type VisibilityControl } from './visibility';
import { filesSignature, textFilesForChat, toAppFiles, type AppFilesPayload } from './save-files';

/** How often file changes are compared with the last saved state (at most). */
const CHANGE_CHECK_MS = 150;

/** What a save stores: the kept text files and which binaries go with them (their bytes are not watched). */
function savedSignature(files: Readonly<Record<string, SavableFile>>): string {
  return `${filesSignature(selectFilesToSave(files))}|${binaryPathsToSave(files).join('\0')}`;
}

export type SessionPhase = { phase: 'booting' } | { phase: 'ready' } | { phase: 'failed'; message: string };

export interface Toast {
  id: number;
  kind: 'error' | 'info';
  message: string;
  /** Offer to download the project (after a save failed). */
  download?: boolean;
}

export interface ProjectSessionDeps {
  createSandbox(config: SandboxConfig): Promise<Sandbox>;
  createWorkbench(sandbox: Sandbox): WorkbenchStore;
  createShell(sandbox: Sandbox): ShellSession;
  createRuntime(input: { messageId: string; sandbox: Sandbox; shell: ShellSession; workbench: WorkbenchStore }): AssistantRuntime;
  detectStartCommand(packageJson: unknown): string | null;
  fetch?: typeof fetch;
  /** Where to go after forking a frozen project. */
  navigate?: (path: string) => void;
}

export interface ProjectSession {
  readonly $phase: ReadableAtom<SessionPhase>;
  readonly $workbench: ReadableAtom<WorkbenchStore | null>;
  readonly $project: ReadableAtom<ProjectInfo>;
  readonly $toasts: ReadableAtom<readonly Toast[]>;
  readonly chat: ChatStore;
  readonly save: SaveState;
  readonly snapshots: SnapshotController;
  readonly visibility: VisibilityControl;
  /** Boot the sandbox and open the project in it. Call once, in the browser. */
  start(): Promise<void>;
  /** Send a chat message once the sandbox is ready. */
  send(text: string): Promise<void>;
  dismissToast(id: number): void;
  /** Put the files back as they were after this answer and restart the app; false when refused or failed. */
  restore(messageId: string): Promise<boolean>;
  /** Copy the project (with the current files) into a new project of the viewer and open it. */
  fork(): Promise<void>;
  /** The current files (or the saved ones before boot) for the Download button. */
  currentFiles(): Record<string, { content: string; isBinary: boolean }>;
  dispose(): Promise<void>;
}

/** Creates the session's stores; nothing boots until `start()`, so this is safe during server rendering. */
export function openProjectSession(data: ProjectPageData, deps: ProjectSessionDeps): ProjectSession {
  const fetchImpl = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const $phase = atom<SessionPhase>({ phase: 'booting' });
  const $workbench = atom<WorkbenchStore | null>(null);
  const $project = atom<ProjectInfo>(data.project);
  const $toasts = atom<readonly Toast[]>([]);
  const slug = data.project.slug;
  let sandbox: Sandbox | null = null;
  let shell: ShellSession | null = null;
  let disposed = false;
  let toastId = 0;
  let lastSavedSignature = savedSignature(data.files);
  let pendingSignature = lastSavedSignature;
  let changeCheck: ReturnType<typeof setTimeout> | null = null;
  const cleanups: Array<() => void> = [];

  const toast = (message: string, extra: Partial<Toast> = {}) => {
    $toasts.set([...$toasts.get(), { id: ++toastId, kind: 'error', message, ...extra }]);
  };

  const binaries = createBinaryFiles({
    readFile: (path) => (sandbox ? sandbox.fs.readFile(path) : Promise.reject(new Error('The sandbox is not ready'))),
    upload: (file) => uploadProjectFile($project.get().slug, file, { fetch: fetchImpl }),
    onUploadFailed: (message) => toast(message),
  });
  /** The appFiles to store; binaries as prepared by the last `binaries.prepare()`. */
  const appFilesNow = (): AppFilesPayload => ({ ...toAppFiles(selectFilesToSave(currentFiles())), ...binaries.entries() });

  const currentFiles = () => {
    const files: Record<string, { content: string; isBinary: boolean }> = {};
    for (const [path, entry] of Object.entries($workbench.get()?.$files.get() ?? {})) {
      if (entry?.type === 'file') {
        files[path] = { content: entry.content, isBinary: entry.isBinary };
      }
    }
    // Until the watcher has reported the mounted files, the saved ones are the project.
    return Object.keys(files).length > 0 ? files : data.files;
  };

  const chat = createChatStore({
    initialMessages: data.messages,
    projectId: data.project.id,
    fetch: fetchImpl,
    getFiles: () => textFilesForChat(currentFiles()),
    waitUntilReady: async () => {
      await start();
      const phase = $phase.get();
      if (phase.phase !== 'ready') {
        throw new Error(
          `The sandbox is not running, so Kiln cannot apply changes. Reload the page to try again.${phase.phase === 'failed' ? ` (${phase.message})` : ''}`,
        );
      }
    },
    createRuntime: (messageId) => {
      const workbench = $workbench.get();
      if (!sandbox || !shell || !workbench) {
        throw new Error('The sandbox is not ready');
      }
      return deps.createRuntime({ messageId, sandbox, shell: withDevServerReporting(shell, workbench.setDevServerState, () => workbench.reloadPreview()), workbench });
    },
    onAnswerEnd: (entry) => {
      void renameAfterFirstAnswer(entry);
      void snapshots.afterAnswer(entry);
    },
    persist: async (messages) => {
      if (!$project.get().isOwner) {
        return;
      }
      const response = await fetchImpl(`/api/projects/${encodeURIComponent($project.get().slug)}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages }),
      });
      if (!response.ok) {
        throw new Error(`An unexpected status code ${response.status} response was received from the server.`);
      }
    },
  });

  /** The first answer's artifact title names the project better than the prompt did. */
  async function renameAfterFirstAnswer(entry: ChatEntry): Promise<void> {
    const project = $project.get();
    const assistantMessages = chat.$messages.get().filter((message) => message.role === 'assistant');
    const title = entry.runtime ? firstArtifactTitle(entry.runtime.$view.get())?.trim() : undefined;
    if (!project.isOwner || assistantMessages.length !== 1 || assistantMessages[0] !== entry || !title || title === project.title) {
      return;
    }
    const response = await fetchImpl(`/api/projects/${encodeURIComponent(project.slug)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ project: { title: title.slice(0, 200) } }),
    }).catch(() => null);
    if (response?.ok) {
      $project.set({ ...$project.get(), title: title.slice(0, 200) });
    }
  }

  async function forkAndContinue(appFiles: AppFilesPayload | null): Promise<void> {
    try {
      const response = await fetchImpl(`/api/projects/${encodeURIComponent($project.get().slug)}/fork`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(appFiles ? { project: { appFiles } } : {}),
      });
      const body: unknown = await response.json().catch(() => null);
      const forkedSlug = body && typeof body === 'object' && 'slug' in body && typeof body.slug === 'string' ? body.slug : null;
      if (!response.ok || !forkedSlug) {
        throw new Error(`An unexpected status code ${response.status} response was received from the server.`);
      }
      (deps.navigate ?? ((path) => window.location.assign(path)))(`/~/${encodeURIComponent(forkedSlug)}`);
    } catch (error) {
      toast(`The project could not be forked: ${getErrorMessage(error)}`);
    }
  }

  const save = createSaveState<AppFilesPayload>({
    slug,
    editedAt: data.project.editedAt,
    fetch: fetchImpl,
    canSave: () => $project.get().isOwner && $workbench.get() !== null,
    // A save during a restore would carry the editedAt from before the restore's apply: a false conflict.
    waitForIdle: async () => {
      await chat.waitForIdle();
      while (restoreInFlight) await restoreInFlight;
      // getAppFiles() is synchronous: binaries are uploaded here, just before it runs.
      if ($project.get().isOwner && sandbox) await binaries.prepare(currentFiles());
    },
    getAppFiles: () => {
      pendingSignature = savedSignature(currentFiles());
      return appFilesNow();
    },
    onSaved: () => {
      lastSavedSignature = pendingSignature;
    },
    onFrozen: () => void forkAndContinue(appFilesNow()),
    onTooBig: () => toast(SAVE_FAILED_MESSAGE, { download: true }),
    onError: (message) => toast(`${SAVE_FAILED_MESSAGE} (${message})`, { download: true }),
  });

  /** `runId`: the shell skips commands of runs a newer one took over, so each run needs its own. */
  async function restoreStart(workbench: WorkbenchStore, session: ShellSession, packageJsonText: string | undefined, runId = 'restore'): Promise<void> {
    const plan = planRestoreCommands(packageJsonText, deps.detectStartCommand);
    for (const step of plan) {
      const started = await session.execute({
        messageId: runId,
        command: step.command,
        isStart: step.isStart,
        autoCreated: true,
        onOutput: step.isStart ? reloadWhenOutputSettles(() => workbench.reloadPreview()) : undefined,
      });
      if (started.kind !== 'started') {
        return;
      }
      if (step.isStart) {
        reportStartCommand(started, step.command, workbench.setDevServerState);
        // A dev server runs until it is stopped; its end (even the terminal closing) is not an error here.
        started.exit.catch(() => undefined);
        return;
      }
      const code = await started.exit.catch(() => -1);
      if (code !== 0) {
        workbench.terminal.write(`\r\n\x1b[31m${step.command} failed with exit code ${code}; not starting the app.\x1b[0m\r\n`);
        return;
      }
    }
  }

  async function boot(): Promise<void> {
    try {
      // The saved binaries download while the sandbox boots; loading never rejects (failures are logged).
      const savedBinaries = loadSavedBinaries(data.files, { fetch: fetchImpl, binaries });
      const created = await deps.createSandbox(data.sandbox);
      if (disposed) {
        await created.teardown();
        return;
      }
      sandbox = created;
      await created.mount([
        ...Object.entries(data.files)
          .filter(([, file]) => !file.isBinary && !file.blobId)
          .map(([path, file]) => ({ path, content: file.content })),
        ...(await savedBinaries),
      ]);
      const workbench = deps.createWorkbench(created);
      const session = deps.createShell(created);
      shell = session;
      cleanups.push(session.attachTerminal(workbench.terminal));
      workbench.terminal.setShellInput((input) => session.writeInput(input));
      workbench.terminal.setShellResize((size) => session.resize(size));
      $workbench.set(workbench);
      cleanups.push(
        workbench.$files.listen(() => {
          // Streaming changes $files on every delta: hashing every file each time made the page
          // quadratic in the answer's size. Check at most once per CHANGE_CHECK_MS instead.
          if (changeCheck === null) {
            changeCheck = setTimeout(() => {
              changeCheck = null;
              const selected: Record<string, { content: string; isBinary: boolean }> = {};
              for (const [path, entry] of Object.entries(workbench.$files.get())) {
                if (entry?.type === 'file') {
                  selected[path] = { content: entry.content, isBinary: entry.isBinary };
                }
              }
              // The first watcher batches repeat the mounted files: only real changes mark the project unsaved.
              if (!disposed && savedSignature(selected) !== lastSavedSignature) {
                save.markChanged();
              }
            }, CHANGE_CHECK_MS);
          }
        }),
        () => {
          if (changeCheck !== null) clearTimeout(changeCheck);
        },
      );
      $phase.set({ phase: 'ready' });
      void snapshots.refresh();
      // The shell and the restored app start in the background: chatting does not wait for them.
      void session
        .start()
        .then(() => restoreStart(workbench, session, data.files['package.json']?.content))
        .catch((error: unknown) => workbench.terminal.write(`\r\n\x1b[31mThe terminal could not start: ${getErrorMessage(error)}\x1b[0m\r\n`));
    } catch (error) {
      if (!disposed) {
        $phase.set({ phase: 'failed', message: getErrorMessage(error) });
      }
    }
  }

  let restoreRuns = 0;
  /** Settles (never rejects) when the running restore, including its apply and editedAt, is done. */
  let restoreInFlight: Promise<void> | null = null;
  const snapshots = createSnapshotController({
    projectId: data.project.id,
    canSnapshot: () => $project.get().isOwner,
    getFiles: currentFiles,
    getSandbox: () => sandbox,
    readFile: async (path) => (sandbox ? sandbox.fs.readFile(path, 'utf-8').catch(() => null) : null),
    waitForIdle: () => chat.waitForIdle(),
    onError: (message) => toast(message),
    createStore: (keepPath) =>
      createSnapshotsStore({ projectId: data.project.id, keepPath, client: createSnapshotClient({ api: createApiClient({ fetch: fetchImpl }) }) }),
    onRestored: async ({ messageId, editedAt }) => {
      save.acceptServerEdit(editedAt);
      const workbench = $workbench.get();
      if (!sandbox || !shell || !workbench) return;
      // The restored files may start differently: stop what runs and start what they describe.
      const packageJson = await sandbox.fs.readFile('package.json', 'utf-8').catch(() => undefined);
      await shell.interrupt();
      workbench.setDevServerState({ status: 'idle' });
      void restoreStart(workbench, shell, packageJson, `restore-${messageId}-${++restoreRuns}`);
    },
  });

  const visibility = createVisibilityControl({
    initial: data.project.visibility,
    getSlug: () => $project.get().slug,
    fetch: fetchImpl,
    onError: (message) => toast(message),
  });

  let ready: Promise<void> | null = null;
  const start = () => (ready ??= boot());

  return {
    $phase,
    $workbench,
    $project,
    $toasts,
    chat,
    save,
    snapshots,
    visibility,
    currentFiles,
    start,
    send: (text) => chat.send(text),
    async fork() {
      if (sandbox) await binaries.prepare(currentFiles());
      await forkAndContinue(appFilesNow());
    },
    restore(messageId) {
      if (chat.$status.get() === 'streaming' || restoreInFlight) return Promise.resolve(false);
      const run = snapshots.restore(messageId).finally(() => {
        restoreInFlight = null;
      });
      restoreInFlight = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    dismissToast(id) {
      $toasts.set($toasts.get().filter((item) => item.id !== id));
    },
    async dispose() {
      disposed = true;
      chat.dispose();
      save.dispose();
      cleanups.forEach((cleanup) => cleanup());
      await ready?.catch(() => undefined);
      await $workbench.get()?.dispose();
      await shell?.dispose().catch(() => undefined);
      await sandbox?.teardown().catch(() => undefined);
    },
  };
}

/**
 * The one Sandbox interface, shaped after the public @webcontainer/api, implemented by
 * `runner.client.ts` (Kiln's own runner, the default) and `webcontainer.client.ts` (opt-in).
 * Everything in app/lib/runtime and app/lib/stores talks to this interface only.
 *
 * Paths given to `fs` are relative to the sandbox's workdir ('src/App.tsx'), '/'-separated; a leading
 * '/' or the workdir prefix is accepted and stripped by the client.
 */

export type BufferEncoding = 'utf-8' | 'utf8';

export interface SandboxDirEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface SandboxFileSystem {
  readFile(path: string): Promise<Uint8Array>;
  readFile(path: string, encoding: BufferEncoding): Promise<string>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  readdir(path: string): Promise<SandboxDirEntry[]>;
  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
  rename(oldPath: string, newPath: string): Promise<void>;
}

/** Files to write at once, e.g. when a saved project is opened. Content is text or bytes. */
export type MountFiles = Array<{ path: string; content: string | Uint8Array }>;

export interface SpawnOptions {
  cwd?: string;
  env?: Record<string, string>;
  terminal?: { cols: number; rows: number };
}

export interface SandboxProcess {
  /** Everything the process writes to its terminal. */
  readonly output: ReadableStream<string>;
  readonly input: WritableStream<string>;
  /** Resolves with the exit code (130 after an interrupt). */
  readonly exit: Promise<number>;
  kill(): void;
  resize(dimensions: { cols: number; rows: number }): void;
}

/** A batch of file changes seen by the watcher (buffered 100 ms). Binary files carry `binary: true`. */
export type FileChange =
  | { type: 'add_file' | 'change'; path: string; content: Uint8Array; binary: boolean }
  | { type: 'remove_file' | 'add_dir' | 'remove_dir'; path: string };

export interface PreviewMessage {
  port: number;
  type: string;
  [key: string]: unknown;
}

export interface SandboxEventMap {
  port: (port: number, type: 'open' | 'close', url: string) => void;
  'server-ready': (port: number, url: string) => void;
  error: (error: { message: string }) => void;
  'preview-message': (message: PreviewMessage) => void;
  teardown: () => void;
}

export type SandboxKind = 'runner' | 'webcontainer';

export interface Sandbox {
  readonly kind: SandboxKind;
  /** The folder name the project lives in ('project'); shown paths drop it. */
  readonly workdir: string;
  readonly fs: SandboxFileSystem;
  mount(files: MountFiles): Promise<void>;
  spawn(command: string, args?: string[], options?: SpawnOptions): Promise<SandboxProcess>;
  /**
   * Start the sandbox's interactive shell. It prints OSC 654 markers (protocol/runner.ts: OSC_PROMPT,
   * OSC_EXIT_PREFIX) so a shell session can tell when a command ended and with which exit code.
   */
  spawnShell(options?: SpawnOptions): Promise<SandboxProcess>;
  /** Watch the whole workdir except node_modules and .git. Returns an unsubscribe function. */
  watch(listener: (changes: FileChange[]) => void): () => void;
  on<E extends keyof SandboxEventMap>(event: E, listener: SandboxEventMap[E]): () => void;
  /** Kill every process and release the sandbox. */
  teardown(): Promise<void>;
}

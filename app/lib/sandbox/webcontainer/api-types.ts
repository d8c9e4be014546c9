/**
 * The small part of @webcontainer/api that Kiln uses, as plain interfaces. The real module satisfies
 * them (checked where it is imported in webcontainer.client.ts); tests pass a fake.
 */

export interface WebContainerDirEntLike {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface WebContainerWatcherLike {
  close(): void;
}

export type WebContainerWatchCallback = (event: 'rename' | 'change', filename: string | Uint8Array) => void;

export interface WebContainerFsLike {
  readFile(path: string, encoding?: null): Promise<Uint8Array>;
  readFile(path: string, encoding: 'utf-8' | 'utf8'): Promise<string>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  mkdir(path: string, options?: { recursive?: false }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  readdir(path: string, options: { withFileTypes: true }): Promise<WebContainerDirEntLike[]>;
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
  rename(oldPath: string, newPath: string): Promise<void>;
  watch(path: string, options: { recursive?: boolean }, listener: WebContainerWatchCallback): WebContainerWatcherLike;
}

export interface WebContainerProcessLike {
  exit: Promise<number>;
  input: WritableStream<string>;
  output: ReadableStream<string>;
  kill(): void;
  resize(dimensions: { cols: number; rows: number }): void;
}

export interface WebContainerSpawnOptionsLike {
  cwd?: string;
  env?: Record<string, string>;
  terminal?: { cols: number; rows: number };
}

export interface FileSystemTreeLike {
  [name: string]: { directory: FileSystemTreeLike } | { file: { contents: string | Uint8Array } };
}

export interface WebContainerPreviewMessageLike {
  port: number;
  type: string;
}

export interface WebContainerLike {
  fs: WebContainerFsLike;
  /** Absolute path of the working directory, e.g. '/home/project'. */
  readonly workdir: string;
  spawn(command: string, args: string[], options?: WebContainerSpawnOptionsLike): Promise<WebContainerProcessLike>;
  mount(tree: FileSystemTreeLike): Promise<void>;
  on(event: 'port', listener: (port: number, type: 'open' | 'close', url: string) => void): () => void;
  on(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
  on(event: 'error', listener: (error: { message: string }) => void): () => void;
  on(event: 'preview-message', listener: (message: WebContainerPreviewMessageLike) => void): () => void;
  /** The real API returns void and finishes in the background; a fake may return a promise. */
  teardown(): void | Promise<void>;
}

export interface WebContainerBootOptionsLike {
  workdirName: string;
  coep: 'credentialless' | 'require-corp';
  forwardPreviewErrors: boolean;
}

export interface WebContainerApiLike {
  WebContainer: { boot(options: WebContainerBootOptionsLike): Promise<WebContainerLike> };
}

/**
 * An in-memory Sandbox for runtime tests: a Map-backed file system and a scripted interactive shell
 * that prints OSC 654 markers like the real one. Test code only.
 */
import { OSC_EXIT_PREFIX, OSC_PROMPT } from '../../../../protocol/runner';
import type {
  BufferEncoding,
  FileChange,
  MountFiles,
  Sandbox,
  SandboxDirEntry,
  SandboxEventMap,
  SandboxFileSystem,
  SandboxProcess,
} from '../../sandbox/types';

export interface FakeCommand {
  readonly command: string;
  /** Print output (no markers). */
  write(output: string): void;
  /** End the command: prints the exit marker and a prompt. */
  exit(code: number): void;
  /** By default Ctrl-C ends the command with 130; call this to make it hang instead. */
  ignoreInterrupts(): void;
}

/** Runs each command line written to the shell. Default: exit 0 at once. */
export type FakeCommandScript = (command: FakeCommand) => void;

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

function enoent(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), { code: 'ENOENT' });
}

class FakeFileSystem implements SandboxFileSystem {
  readonly files = new Map<string, string | Uint8Array>();
  readonly dirs = new Set<string>(['']);

  readFile(path: string): Promise<Uint8Array>;
  readFile(path: string, encoding: BufferEncoding): Promise<string>;
  async readFile(path: string, encoding?: BufferEncoding): Promise<string | Uint8Array> {
    const content = this.files.get(normalizePath(path));
    if (content === undefined) {
      throw enoent(path);
    }
    if (encoding) {
      return typeof content === 'string' ? content : new TextDecoder().decode(content);
    }
    return typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    const key = normalizePath(path);
    const parent = key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '';
    if (!this.dirs.has(parent)) {
      throw enoent(path);
    }
    this.files.set(key, data);
  }

  async mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
    const parts = normalizePath(path).split('/').filter(Boolean);
    for (let index = 1; index <= parts.length; index++) {
      const dir = parts.slice(0, index).join('/');
      if (!this.dirs.has(dir) && index < parts.length && !options?.recursive) {
        throw enoent(path);
      }
      this.dirs.add(dir);
    }
  }

  async readdir(path: string): Promise<SandboxDirEntry[]> {
    const dir = normalizePath(path);
    const prefix = dir ? `${dir}/` : '';
    const names = new Map<string, boolean>();
    for (const key of this.files.keys()) {
      if (key.startsWith(prefix) && !key.slice(prefix.length).includes('/')) {
        names.set(key.slice(prefix.length), true);
      }
    }
    for (const key of this.dirs) {
      if (key && key.startsWith(prefix) && !key.slice(prefix.length).includes('/')) {
        names.set(key.slice(prefix.length), false);
      }
    }
    return [...names].map(([name, isFile]) => ({ name, isFile: () => isFile, isDirectory: () => !isFile }));
  }

  async rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> {
    const key = normalizePath(path);
    if (!this.files.delete(key) && !this.dirs.delete(key) && !options?.force) {
      throw enoent(path);
    }
  }

  async rename(oldPath: string, newPath: string): Promise<void> {
    const content = this.files.get(normalizePath(oldPath));
    if (content === undefined) {
      throw enoent(oldPath);
    }
    this.files.delete(normalizePath(oldPath));
    this.files.set(normalizePath(newPath), content);
  }
}

class FakeShellProcess implements SandboxProcess {
  readonly output: ReadableStream<string>;
  readonly input: WritableStream<string>;
  readonly exit: Promise<number>;
  #controller!: ReadableStreamDefaultController<string>;
  #resolveExit!: (code: number) => void;
  #line = '';
  #running: { interruptible: boolean; done: boolean; exit(code: number): void } | null = null;
  #closed = false;

  constructor(
    private readonly sandbox: FakeSandbox,
    private readonly script: FakeCommandScript,
  ) {
    this.output = new ReadableStream<string>({ start: (controller) => void (this.#controller = controller) });
    this.input = new WritableStream<string>({ write: (data) => this.#receive(data) });
    this.exit = new Promise((resolve) => (this.#resolveExit = resolve));
    queueMicrotask(() => this.print(OSC_PROMPT));
  }

  print(data: string): void {
    if (this.#closed) {
      return;
    }
    if (this.sandbox.splitOutput) {
      for (const char of data) {
        this.#controller.enqueue(char);
      }
    } else {
      this.#controller.enqueue(data);
    }
  }

  #receive(data: string): void {
    this.sandbox.inputs.push(data);
    for (const char of data) {
      if (char === '\x03') {
        if (this.#running?.interruptible) {
          this.#running.exit(130);
        }
      } else if (char === '\n') {
        const line = this.#line;
        this.#line = '';
        this.#runLine(line);
      } else {
        this.#line += char;
      }
    }
  }

  #runLine(line: string): void {
    this.sandbox.commands.push(line);
    const running = {
      interruptible: true,
      done: false,
      exit: (code: number) => {
        if (running.done) {
          return;
        }
        running.done = true;
        if (this.#running === running) {
          this.#running = null;
        }
        this.print(`${OSC_EXIT_PREFIX}${code}:0\x07${OSC_PROMPT}`);
      },
    };
    this.#running = running;
    this.script({
      command: line,
      write: (output) => {
        if (!running.done) {
          this.print(output);
        }
      },
      exit: running.exit,
      ignoreInterrupts: () => void (running.interruptible = false),
    });
  }

  kill(): void {
    if (this.#closed) {
      return;
    }
    this.#closed = true;
    this.#controller.close();
    this.#resolveExit(130);
  }

  resize(): void {}
}

export interface FakeSandboxOptions {
  files?: Record<string, string>;
  script?: FakeCommandScript;
}

export class FakeSandbox implements Sandbox {
  readonly kind = 'runner' as const;
  readonly workdir = 'project';
  readonly fs = new FakeFileSystem();
  /** Every command line the shell received, in order. */
  readonly commands: string[] = [];
  /** Every raw write to the shell's input. */
  readonly inputs: string[] = [];
  readonly shells: FakeShellProcess[] = [];
  /** Emit shell output one character at a time (splits every marker). */
  splitOutput = false;
  script: FakeCommandScript;

  constructor(options: FakeSandboxOptions = {}) {
    this.script = options.script ?? ((command) => command.exit(0));
    for (const [path, content] of Object.entries(options.files ?? {})) {
      this.#put(path, content);
    }
  }

  #put(path: string, content: string | Uint8Array) {
    const parts = normalizePath(path).split('/');
    for (let index = 1; index < parts.length; index++) {
      this.fs.dirs.add(parts.slice(0, index).join('/'));
    }
    this.fs.files.set(normalizePath(path), content);
  }

  async mount(files: MountFiles): Promise<void> {
    for (const file of files) {
      this.#put(file.path, file.content);
    }
  }

  async spawn(): Promise<SandboxProcess> {
    throw new Error('FakeSandbox.spawn is not scripted; use spawnShell');
  }

  async spawnShell(): Promise<SandboxProcess> {
    const shell = new FakeShellProcess(this, (command) => this.script(command));
    this.shells.push(shell);
    return shell;
  }

  watch(_listener: (changes: FileChange[]) => void): () => void {
    return () => {};
  }

  on<E extends keyof SandboxEventMap>(_event: E, _listener: SandboxEventMap[E]): () => void {
    return () => {};
  }

  async teardown(): Promise<void> {
    for (const shell of this.shells) {
      shell.kill();
    }
  }
}

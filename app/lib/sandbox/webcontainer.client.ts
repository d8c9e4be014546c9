/**
 * The opt-in in-browser sandbox: StackBlitz's WebContainer behind Kiln's Sandbox interface. Booted when a
 * project opens (never on import), with the spec's 30 s timeout; only one instance lives at a time.
 * This folder is the only place that imports @webcontainer/api, and only lazily.
 */
import { BOOT_TIMEOUT_MESSAGE, BOOT_TIMEOUT_MS, withBootTimeout } from './boot-errors';
import type { Sandbox, SandboxEventMap, SandboxProcess, SpawnOptions } from './types';
import type { WebContainerApiLike, WebContainerLike, WebContainerProcessLike } from './webcontainer/api-types';
import { buildFileSystemTree, createWebContainerFs } from './webcontainer/fs';
import { watchWorkdir } from './webcontainer/watch';

export type { WebContainerApiLike } from './webcontainer/api-types';

export interface BootWebContainerOptions {
  workdirName: string;
  coep: 'credentialless' | 'require-corp';
  timeoutMs?: number;
  /** Defaults to the real @webcontainer/api, loaded on first boot. */
  api?: WebContainerApiLike;
}

const DEFAULT_TERMINAL = { cols: 80, rows: 24 };

/** One instance at a time: these track the instance being booted or alive, and a teardown in progress. */
let instanceClaimed = false;
let pendingTeardown: Promise<void> | null = null;

/** Spec §5 Paths: the working directory must be a valid folder name. */
export function assertValidWorkdirName(name: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/')) {
    throw new Error(`Working directory must be a valid folder name, got '${name}'`);
  }
}

async function loadWebContainerApi(): Promise<WebContainerApiLike> {
  const api: WebContainerApiLike = await import('@webcontainer/api');
  return api;
}

export async function bootWebContainerSandbox(options: BootWebContainerOptions): Promise<Sandbox> {
  assertValidWorkdirName(options.workdirName);
  await pendingTeardown;
  if (instanceClaimed) {
    throw new Error('Only one WebContainer can run at a time: tear down the current sandbox before booting another');
  }
  instanceClaimed = true;
  try {
    const booting = (options.api ? Promise.resolve(options.api) : loadWebContainerApi()).then((api) =>
      api.WebContainer.boot({ workdirName: options.workdirName, coep: options.coep, forwardPreviewErrors: true }),
    );
    const container = await withBootTimeout(
      booting,
      options.timeoutMs ?? BOOT_TIMEOUT_MS,
      BOOT_TIMEOUT_MESSAGE,
      // A boot that finishes after we gave up would otherwise hold the only slot forever.
      (late) => void late.teardown(),
    );
    return wrapWebContainer(container, options.workdirName);
  } catch (error) {
    instanceClaimed = false;
    throw error;
  }
}

function wrapWebContainer(container: WebContainerLike, workdirName: string): Sandbox {
  const processes = new Set<WebContainerProcessLike>();
  const watchers = new Set<() => void>();
  const teardownListeners = new Set<SandboxEventMap['teardown']>();
  /** Watcher failures are reported as sandbox errors, beside the container's own. */
  const errorReporters = new Set<SandboxEventMap['error']>();
  let teardownPromise: Promise<void> | null = null;

  function trackProcess(process: WebContainerProcessLike): SandboxProcess {
    processes.add(process);
    void process.exit.finally(() => processes.delete(process)).catch(() => undefined);
    return {
      output: process.output,
      input: process.input,
      exit: process.exit,
      kill: () => process.kill(),
      resize: (dimensions) => process.resize(dimensions),
    };
  }

  function assertAlive(): void {
    if (teardownPromise) {
      throw new Error('This WebContainer sandbox has been torn down');
    }
  }

  async function spawn(command: string, args: string[] = [], options: SpawnOptions = {}): Promise<SandboxProcess> {
    assertAlive();
    const process = await container.spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      terminal: options.terminal ?? DEFAULT_TERMINAL,
    });
    return trackProcess(process);
  }

  async function teardownOnce(): Promise<void> {
    try {
      for (const stop of watchers) {
        stop();
      }
      watchers.clear();
      for (const process of processes) {
        process.kill();
      }
      processes.clear();
      await container.teardown();
    } finally {
      instanceClaimed = false;
      for (const listener of teardownListeners) {
        listener();
      }
      teardownListeners.clear();
    }
  }

  const sandbox: Sandbox = {
    kind: 'webcontainer',
    workdir: workdirName,
    fs: createWebContainerFs(container.fs, container.workdir),
    async mount(files) {
      assertAlive();
      await container.mount(buildFileSystemTree(files, container.workdir));
    },
    spawn,
    // jsh prints the OSC 654 prompt/exit markers (protocol/runner.ts) only with --osc.
    spawnShell: (options = {}) => spawn('/bin/jsh', ['--osc'], options),
    watch(listener) {
      assertAlive();
      const stop = watchWorkdir(container.fs, listener, (message) => {
        for (const report of errorReporters) {
          report({ message });
        }
      });
      watchers.add(stop);
      return () => {
        watchers.delete(stop);
        stop();
      };
    },
    on(event, listener) {
      return subscribe(event, listener);
    },
    teardown() {
      teardownPromise ??= teardownOnce();
      pendingTeardown = teardownPromise.catch(() => undefined);
      return teardownPromise;
    },
  };

  function subscribe<E extends keyof SandboxEventMap>(event: E, listener: SandboxEventMap[E]): () => void {
    // Each branch narrows `event`; the listener type follows it, which TS cannot see through generics.
    switch (event) {
      case 'port':
        return container.on('port', listener as SandboxEventMap['port']);
      case 'server-ready':
        return container.on('server-ready', listener as SandboxEventMap['server-ready']);
      case 'error': {
        const onError = listener as SandboxEventMap['error'];
        errorReporters.add(onError);
        const stop = container.on('error', onError);
        return () => {
          errorReporters.delete(onError);
          stop();
        };
      }
      case 'preview-message': {
        const onMessage = listener as SandboxEventMap['preview-message'];
        return container.on('preview-message', (message) => onMessage({ ...message }));
      }
      case 'teardown': {
        const onTeardown = listener as SandboxEventMap['teardown'];
        teardownListeners.add(onTeardown);
        return () => teardownListeners.delete(onTeardown);
      }
      default:
        throw new Error(`Unknown sandbox event '${String(event)}'`);
    }
  }

  return sandbox;
}

/**
 * The one way the app gets a Sandbox: Kiln's runner (default) or the opt-in WebContainer, each loaded
 * lazily so the other's code never reaches the browser. Boot failures and fatal runtime errors are
 * classified (spec §8) and handed to `onFatalError`, which normally opens the fatal-error dialog.
 */
import { getErrorMessage } from '~/utils/errors';
import {
  BOOT_TIMEOUT_MS,
  classifyBootError,
  isFatalErrorKind,
  withBootTimeout,
  type FatalErrorVariant,
  type SandboxPhase,
} from './boot-errors';
import type { Sandbox, SandboxKind } from './types';
import type { WebContainerApiLike } from './webcontainer/api-types';

export type SandboxConfig =
  | { kind: 'runner'; url: string; sandboxId: string; token: string }
  | { kind: 'webcontainer'; workdirName: string; coep: 'credentialless' | 'require-corp' };

export interface FatalSandboxError {
  variant: FatalErrorVariant;
  sandboxKind: SandboxKind;
  phase: SandboxPhase;
  message: string;
  stack?: string;
  error: unknown;
}

export interface CreateSandboxOptions {
  /** A boot failure, or an out-of-memory crash later. Pass `showFatalErrorDialog` (stores/dialogs) here. */
  onFatalError?: (report: FatalSandboxError) => void;
  /** Runtime sandbox errors that are not fatal: spec §8 says they are only tracked. */
  onTrackedError?: (error: { message: string }) => void;
  bootTimeoutMs?: number;
  /** Tests pass a fake @webcontainer/api. */
  webcontainerApi?: WebContainerApiLike;
  /** Runner only: a fresh token when the client reconnects after the first one expired. */
  getRunnerToken?: () => Promise<string>;
}

export const RUNNER_BOOT_TIMEOUT_MESSAGE = 'The Kiln runner took longer than 30s to start the sandbox';

function reportFatal(
  options: CreateSandboxOptions,
  sandboxKind: SandboxKind,
  phase: SandboxPhase,
  variant: FatalErrorVariant,
  error: unknown,
): void {
  options.onFatalError?.({
    variant,
    sandboxKind,
    phase,
    message: getErrorMessage(error),
    stack: error instanceof Error ? error.stack : undefined,
    error,
  });
}

async function bootSandbox(config: SandboxConfig, options: CreateSandboxOptions): Promise<Sandbox> {
  const timeoutMs = options.bootTimeoutMs ?? BOOT_TIMEOUT_MS;
  if (config.kind === 'runner') {
    const { createRunnerSandbox } = await import('./runner.client');
    return withBootTimeout(
      createRunnerSandbox({ url: config.url, sandboxId: config.sandboxId, token: config.token, getToken: options.getRunnerToken }),
      timeoutMs,
      RUNNER_BOOT_TIMEOUT_MESSAGE,
      (late) => void late.teardown(),
    );
  }
  const { bootWebContainerSandbox } = await import('./webcontainer.client');
  return bootWebContainerSandbox({
    workdirName: config.workdirName,
    coep: config.coep,
    timeoutMs,
    api: options.webcontainerApi,
  });
}

/** Boot a sandbox. Rejects with the boot error after reporting it through `onFatalError`. */
export async function createSandbox(config: SandboxConfig, options: CreateSandboxOptions = {}): Promise<Sandbox> {
  let sandbox: Sandbox;
  try {
    sandbox = await bootSandbox(config, options);
  } catch (error) {
    const kind = classifyBootError(error, 'boot');
    reportFatal(options, config.kind, 'boot', isFatalErrorKind(kind) ? kind : 'startup-error', error);
    throw error;
  }

  sandbox.on('error', (error) => {
    const kind = classifyBootError(error, 'runtime');
    if (isFatalErrorKind(kind)) {
      reportFatal(options, config.kind, 'runtime', kind, error);
    } else {
      options.onTrackedError?.(error);
    }
  });
  return sandbox;
}

/** Chrome's non-standard heap figures; other browsers have none. */
function readMemoryStats(): Record<string, number> | undefined {
  const memory = (globalThis.performance as { memory?: Record<string, unknown> } | undefined)?.memory;
  if (!memory) {
    return undefined;
  }
  const stats: Record<string, number> = {};
  for (const key of ['usedJSHeapSize', 'totalJSHeapSize', 'jsHeapSizeLimit']) {
    if (typeof memory[key] === 'number') {
      stats[key] = memory[key];
    }
  }
  return stats;
}

/** The analytics event for a fatal sandbox error (spec §7: memory stats, message, stack), for `trackEvent`. */
export function fatalErrorAnalyticsEvent(report: FatalSandboxError): { name: string; properties: Record<string, unknown> } {
  return {
    name: `sandbox-${report.variant}`,
    properties: {
      sandboxKind: report.sandboxKind,
      phase: report.phase,
      message: report.message,
      stack: report.stack,
      memory: readMemoryStats(),
    },
  };
}

export type { Sandbox, SandboxKind } from './types';
export type { FatalErrorVariant } from './boot-errors';

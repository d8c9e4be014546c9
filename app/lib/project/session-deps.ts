/** The real implementations a project session uses in the browser. Nothing here runs on import. */
import { detectFramework } from '~/lib/runtime/framework';
import { ShellSession } from '~/lib/runtime/shell-session';
import { createSandbox } from '~/lib/sandbox';
import { showFatalErrorDialog } from '~/lib/stores/dialogs';
import { createWorkbenchStore } from '~/lib/stores/workbench';
import type { ProjectSessionDeps } from './project-session';
import { createRunnerTokenRenewer } from './runner-token';
import { createAssistantRuntime } from './runtime-adapter';

export function createBrowserSessionDeps(): ProjectSessionDeps {
  return {
    createSandbox: (config) =>
      createSandbox(config, {
        getRunnerToken: config.kind === 'runner' ? createRunnerTokenRenewer({ sandboxId: config.sandboxId, token: config.token }) : undefined,
        onFatalError: (report) => showFatalErrorDialog({ variant: report.variant, sandboxKind: report.sandboxKind, message: report.message }),
      }),
    createWorkbench: (sandbox) => createWorkbenchStore({ sandbox }),
    createShell: (sandbox) => new ShellSession({ sandbox }),
    createRuntime: createAssistantRuntime,
    detectStartCommand: (packageJson) => detectFramework(packageJson)?.startCommand ?? null,
  };
}

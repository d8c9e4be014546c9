/**
 * One assistant message's runtime, wired to the workbench: deltas in, the chat's view out, and the
 * streaming file events forwarded to the editor so it follows the file being written.
 */
import { createMessageRuntime } from '~/lib/runtime/message-runtime';
import type { ShellSession } from '~/lib/runtime/shell-session';
import type { Sandbox } from '~/lib/sandbox/types';
import type { AssistantRuntime } from '~/lib/stores/chat';
import type { WorkbenchStore } from '~/lib/stores/workbench';

export function createAssistantRuntime({
  messageId,
  sandbox,
  shell,
  workbench,
}: {
  messageId: string;
  sandbox: Sandbox;
  shell: ShellSession;
  workbench: WorkbenchStore;
}): AssistantRuntime {
  const runtime = createMessageRuntime({
    messageId,
    sandbox,
    shell,
    // The editor's view of a file (including unsaved edits) is what the model's change builds on.
    readFile: async (path) => {
      const entry = workbench.$files.get()[path];
      if (entry?.type === 'file' && !entry.isBinary) {
        return entry.content;
      }
      return sandbox.fs.readFile(path, 'utf-8').then(
        (text) => text,
        () => null,
      );
    },
  });
  runtime.onFileEvent((event) => workbench.handleStreamingFileEvent(event));
  return runtime;
}

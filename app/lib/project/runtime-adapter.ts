/**
 * Adapts the runtime's message orchestrator to what the chat needs (AssistantRuntime): deltas in,
 * a MessageView out, streaming file events forwarded to the editor.
 */
import type { ShellSession } from '~/lib/runtime/shell-session';
import type { Sandbox } from '~/lib/sandbox/types';
import type { AssistantRuntime } from '~/lib/stores/chat';
import type { WorkbenchStore } from '~/lib/stores/workbench';

export function createAssistantRuntime(_input: {
  messageId: string;
  sandbox: Sandbox;
  shell: ShellSession;
  workbench: WorkbenchStore;
}): AssistantRuntime {
  throw new Error('The message runtime is not available yet');
}

/**
 * Public types of the runtime layer (parser → action runner). Pure data; no DOM, no sandbox.
 * The UI (app/lib/stores, app/components) consumes only these.
 */

export type ActionType = 'file' | 'shell' | 'start';

export type ActionStatus = 'pending' | 'running' | 'complete' | 'failed' | 'aborted' | 'skipped';

export interface FileActionData {
  type: 'file';
  /** Path relative to the project root ('src/App.tsx'). */
  filePath: string;
  content: string;
}

export interface ShellActionData {
  type: 'shell' | 'start';
  content: string;
}

export type ActionData = FileActionData | ShellActionData;

/** An action as the UI shows it in the artifact card. */
export interface ActionState {
  id: string;
  artifactId: string;
  messageId: string;
  type: ActionType;
  /** Command for shell/start, file content for file actions. */
  content: string;
  filePath?: string;
  /** create/update, for file actions once run. */
  kind?: 'create' | 'update';
  status: ActionStatus;
  /** Combined terminal output (shell/start) — capped. */
  output: string;
  exitCode?: number;
  /** Why the action failed/was aborted/skipped. */
  error?: string;
  /** Added by Kiln (install insertion, start after framework detection), not written by the model. */
  autoCreated?: boolean;
  executed: boolean;
}

export interface ArtifactState {
  id: string;
  title: string;
  messageId: string;
  closed: boolean;
  /** The model's own `id` attribute (not unique across messages). */
  slug?: string;
  /** Action ids in order. */
  actionIds: string[];
}

/** spec §3 "Streaming file event". */
export interface StreamingFileEvent {
  path: string;
  /** 'start': ''. 'stream': the DELTA since the previous event (append it). 'end': the full content. */
  content: string;
  status: 'start' | 'stream' | 'end';
}

/** Events emitted by the streaming parser for one message. */
export type ParserEvent =
  | { type: 'text'; text: string }
  /** `slug` is the model's own `id` attribute; `artifactId` is unique per message. */
  | { type: 'artifact-open'; artifactId: string; title: string; messageId: string; slug?: string }
  | { type: 'artifact-close'; artifactId: string; messageId: string }
  | { type: 'action-open'; artifactId: string; actionId: string; messageId: string; action: ActionData }
  | { type: 'action-close'; artifactId: string; actionId: string; messageId: string; action: ActionData }
  /** Unknown action type, malformed tag, or a stream that ended inside an action. Nothing is run. */
  | { type: 'action-error'; artifactId: string; actionId: string; messageId: string; error: string }
  | { type: 'file'; artifactId: string; actionId: string; event: StreamingFileEvent };

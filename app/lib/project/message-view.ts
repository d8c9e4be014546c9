/**
 * What the chat shows for one assistant message: markdown text segments interleaved with artifacts,
 * and the artifacts' actions. Built incrementally from parser events, so a streamed message is never
 * re-parsed from the start; saved messages are built once from their content and nothing is run.
 */
import { createMessageParser } from '~/lib/runtime/message-parser';
import type { ActionState, ActionStatus, ArtifactState, ParserEvent } from '~/lib/runtime/types';

export type MessageSegment = { type: 'text'; text: string } | { type: 'artifact'; artifactId: string };

export interface MessageView {
  segments: readonly MessageSegment[];
  artifacts: Readonly<Record<string, ArtifactState>>;
  actions: Readonly<Record<string, ActionState>>;
}

export const EMPTY_MESSAGE_VIEW: MessageView = { segments: [], artifacts: {}, actions: {} };

/** Applies one parser event, returning a new view (unchanged parts keep their identity). */
export function applyParserEvent(view: MessageView, event: ParserEvent): MessageView {
  switch (event.type) {
    case 'text': {
      const last = view.segments.at(-1);
      const segments =
        last?.type === 'text'
          ? [...view.segments.slice(0, -1), { type: 'text' as const, text: last.text + event.text }]
          : [...view.segments, { type: 'text' as const, text: event.text }];
      return { ...view, segments };
    }
    case 'artifact-open':
      return {
        ...view,
        segments: [...view.segments, { type: 'artifact', artifactId: event.artifactId }],
        artifacts: {
          ...view.artifacts,
          [event.artifactId]: { id: event.artifactId, title: event.title, messageId: event.messageId, closed: false, actionIds: [] },
        },
      };
    case 'artifact-close': {
      const artifact = view.artifacts[event.artifactId];
      return artifact ? { ...view, artifacts: { ...view.artifacts, [artifact.id]: { ...artifact, closed: true } } } : view;
    }
    case 'action-open': {
      const artifact = view.artifacts[event.artifactId];
      const action: ActionState = {
        id: event.actionId,
        artifactId: event.artifactId,
        messageId: event.messageId,
        type: event.action.type,
        content: event.action.content,
        filePath: event.action.type === 'file' ? event.action.filePath : undefined,
        status: 'pending',
        output: '',
        executed: false,
      };
      return {
        ...view,
        artifacts: artifact
          ? { ...view.artifacts, [artifact.id]: { ...artifact, actionIds: [...artifact.actionIds, action.id] } }
          : view.artifacts,
        actions: { ...view.actions, [action.id]: action },
      };
    }
    case 'action-close': {
      const action = view.actions[event.actionId];
      return action ? { ...view, actions: { ...view.actions, [action.id]: { ...action, content: event.action.content } } } : view;
    }
    case 'action-error': {
      const existing = view.actions[event.actionId];
      const artifact = view.artifacts[event.artifactId];
      const action: ActionState = existing
        ? { ...existing, status: 'failed', error: event.error }
        : {
            id: event.actionId,
            artifactId: event.artifactId,
            messageId: event.messageId,
            type: 'shell',
            content: '',
            status: 'failed',
            output: '',
            error: event.error,
            executed: false,
          };
      return {
        ...view,
        artifacts:
          artifact && !existing
            ? { ...view.artifacts, [artifact.id]: { ...artifact, actionIds: [...artifact.actionIds, action.id] } }
            : view.artifacts,
        actions: { ...view.actions, [action.id]: action },
      };
    }
    case 'file':
      return view;
  }
}

/**
 * The view of a saved message. Its actions ran in an earlier session: they are shown as `settled`
 * (default complete) except those the parser itself rejected.
 */
export function buildSavedMessageView(messageId: string, content: string, settled: ActionStatus = 'complete'): MessageView {
  let view = EMPTY_MESSAGE_VIEW;
  const parser = createMessageParser(messageId, (event) => {
    view = applyParserEvent(view, event);
  });
  parser.push(content);
  parser.end();
  const actions: Record<string, ActionState> = {};
  for (const [id, action] of Object.entries(view.actions)) {
    actions[id] = action.status === 'failed' ? action : { ...action, status: settled, executed: true };
  }
  return { ...view, actions };
}

/** The first artifact's title, used to name a project after its first answer. */
export function firstArtifactTitle(view: MessageView): string | undefined {
  const first = view.segments.find((segment) => segment.type === 'artifact');
  return first?.type === 'artifact' ? view.artifacts[first.artifactId]?.title : undefined;
}

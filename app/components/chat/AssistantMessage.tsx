import { memo } from 'react';
import { EMPTY_MESSAGE_VIEW, type MessageView } from '~/lib/project/message-view';
import type { AssistantRuntime, ChatEntry } from '~/lib/stores/chat';
import { ArtifactCard } from './ArtifactCard';
import { RestoreSnapshot, type ChatSnapshots } from './RestoreSnapshot';
import { Markdown } from './Markdown';
import { useFrameStore } from './use-frame-store';

function MessageBody({ view, streaming }: { view: MessageView; streaming: boolean }) {
  const empty = view.segments.length === 0;
  return (
    <>
      {view.segments.map((segment, index) =>
        segment.type === 'text' ? (
          <Markdown key={`t${index}`} text={segment.text} />
        ) : view.artifacts[segment.artifactId] ? (
          <ArtifactCard key={segment.artifactId} artifact={view.artifacts[segment.artifactId]} actions={view.actions} />
        ) : null,
      )}
      {streaming && empty && (
        <div className="kiln-thinking" aria-label="Kiln is thinking">
          <span />
          <span />
          <span />
        </div>
      )}
    </>
  );
}

function LiveBody({ runtime, streaming }: { runtime: AssistantRuntime; streaming: boolean }) {
  const view = useFrameStore(runtime.$view);
  return <MessageBody view={view} streaming={streaming} />;
}

/** An answer: live from its runtime (this session) or parsed once (saved). */
export const AssistantMessage = memo(function AssistantMessage({
  entry,
  streaming = false,
  snapshots,
}: {
  entry: ChatEntry;
  streaming?: boolean;
  /** Offers "Restore" when this answer has a snapshot (owners only). */
  snapshots?: ChatSnapshots;
}) {
  return (
    <article className="kiln-message kiln-message-assistant" data-testid="message" data-role="assistant" data-message-id={entry.id}>
      <div className="kiln-message-avatar" aria-hidden="true">
        K
      </div>
      <div className="kiln-message-body">
        {entry.runtime ? (
          <LiveBody runtime={entry.runtime} streaming={streaming} />
        ) : entry.view ? (
          <MessageBody view={entry.view} streaming={false} />
        ) : streaming ? (
          <MessageBody view={EMPTY_MESSAGE_VIEW} streaming />
        ) : null}
        {snapshots && !streaming && <RestoreSnapshot messageId={entry.id} snapshots={snapshots} />}
        {entry.stopped && <p className="kiln-message-note">Stopped.</p>}
        {entry.error && (
          <div className="kiln-message-error" role="alert" data-testid="chat-error" data-code={entry.error.code}>
            <strong>{entry.error.code === 'network-error' ? 'Connection lost' : 'The answer failed'}</strong>
            <span>{entry.error.message}</span>
          </div>
        )}
      </div>
    </article>
  );
});

export const UserMessage = memo(function UserMessage({ entry }: { entry: ChatEntry }) {
  return (
    <article className="kiln-message kiln-message-user" data-testid="message" data-role="user" data-message-id={entry.id}>
      <div className="kiln-user-bubble">{entry.content}</div>
    </article>
  );
});

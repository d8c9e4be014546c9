import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ReadableAtom } from 'nanostores';
import type { ChatStatus } from '~/lib/stores/chat';

/** What the chat needs to offer restore points on answers. */
export interface ChatSnapshots {
  readonly $snapshots: ReadableAtom<ReadonlyArray<{ messageId: string }>>;
  readonly $restoring: ReadableAtom<string | null>;
  readonly $status: ReadableAtom<ChatStatus>;
  restore(messageId: string): Promise<boolean>;
}

/** "Restore" under an answer with a snapshot; asks before it replaces the files. */
export function RestoreSnapshot({ messageId, snapshots }: { messageId: string; snapshots: ChatSnapshots }) {
  const available = useStore(snapshots.$snapshots).some((snapshot) => snapshot.messageId === messageId);
  const restoring = useStore(snapshots.$restoring);
  const streaming = useStore(snapshots.$status) === 'streaming';
  const [confirming, setConfirming] = useState(false);
  if (!available) {
    return null;
  }
  const busy = restoring !== null || streaming;
  return (
    <div className="kiln-restore" data-testid="restore-point" data-message-id={messageId}>
      {confirming ? (
        <>
          <span className="kiln-restore-question">Replace the current files with the ones from this answer?</span>
          <button
            type="button"
            className="kiln-button kiln-button-primary kiln-restore-button"
            data-testid="restore-snapshot-confirm"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              void snapshots.restore(messageId);
            }}
          >
            Restore
          </button>
          <button type="button" className="kiln-button kiln-button-ghost kiln-restore-button" data-testid="restore-snapshot-cancel" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          className="kiln-button kiln-button-ghost kiln-restore-button"
          data-testid="restore-snapshot"
          data-message-id={messageId}
          disabled={busy}
          title="Put the project files back as they were after this answer"
          onClick={() => setConfirming(true)}
        >
          {restoring === messageId ? 'Restoring…' : 'Restore'}
        </button>
      )}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import type { ChatStore } from '~/lib/stores/chat';
import { ChatInput } from './ChatInput';
import { MessageList } from './MessageList';
import type { ChatSnapshots } from './RestoreSnapshot';
import './chat.css';

export interface ChatProps {
  chat: ChatStore;
  /** Sends through the project session (waits for the sandbox). */
  onSend: (text: string) => void;
  /** Why sending is not possible right now, shown above the input. */
  notice?: React.ReactNode;
  readOnly?: boolean;
  /** Restore points on answers; omitted for read-only viewers. */
  snapshots?: ChatSnapshots;
}

export function Chat({ chat, onSend, notice, readOnly = false, snapshots }: ChatProps) {
  const streaming = useStore(chat.$status) === 'streaming';
  const persistError = useStore(chat.$persistError);
  return (
    <div className="kiln-chat" data-testid="chat">
      <MessageList
        chat={chat}
        snapshots={readOnly ? undefined : snapshots}
        empty={
          <div className="kiln-chat-empty">
            <p>Describe what to build or change. Kiln answers with code and runs it beside you.</p>
          </div>
        }
      />
      <div className="kiln-chat-footer">
        {persistError && (
          <p className="kiln-chat-notice kiln-chat-notice-error" role="alert">
            The chat could not be saved: {persistError}
          </p>
        )}
        {notice}
        <ChatInput
          streaming={streaming}
          disabled={readOnly}
          placeholder={readOnly ? 'Fork this project to make changes' : undefined}
          onSend={onSend}
          onStop={() => chat.stop()}
        />
      </div>
    </div>
  );
}

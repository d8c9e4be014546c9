import { useState, type KeyboardEvent } from 'react';
import { SendIcon, StopIcon } from './icons';

export interface ChatInputProps {
  streaming: boolean;
  disabled?: boolean;
  placeholder?: string;
  onSend: (text: string) => void;
  onStop: () => void;
}

/** Enter sends, Shift+Enter adds a line; while an answer streams the button stops it. */
export function ChatInput({ streaming, disabled = false, placeholder = 'Ask Kiln to change something…', onSend, onStop }: ChatInputProps) {
  const [text, setText] = useState('');
  const canSend = !streaming && !disabled && text.trim() !== '';

  const send = () => {
    if (canSend) {
      onSend(text);
      setText('');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className="kiln-chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor="chat-input" className="kiln-visually-hidden">
        Message Kiln
      </label>
      <textarea
        id="chat-input"
        data-testid="chat-input"
        rows={2}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
      <div className="kiln-chat-input-actions">
        {streaming ? (
          <button type="button" className="kiln-send-button kiln-stop-button" data-testid="chat-stop" aria-label="Stop" onClick={onStop}>
            <StopIcon />
          </button>
        ) : (
          <button type="submit" className="kiln-send-button" data-testid="chat-send" aria-label="Send" disabled={!canSend}>
            <SendIcon />
          </button>
        )}
      </div>
    </form>
  );
}

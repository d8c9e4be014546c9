import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { ChatStore } from '~/lib/stores/chat';
import { AssistantMessage, UserMessage } from './AssistantMessage';
import type { ChatSnapshots } from './RestoreSnapshot';

/** Keeps the newest content in view unless the person scrolled up to read. */
function useStickToBottom(container: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) {
      return;
    }
    let stuck = true;
    const onScroll = () => {
      stuck = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    };
    const observer = new MutationObserver(() => {
      if (stuck) {
        element.scrollTop = element.scrollHeight;
      }
    });
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    element.scrollTop = element.scrollHeight;
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [container]);
}

function StreamingMessage({ chat }: { chat: ChatStore }) {
  const streaming = useStore(chat.$streaming);
  return streaming ? <AssistantMessage entry={streaming} streaming /> : null;
}

/**
 * The conversation. The list re-renders only when a message is added; each finished message is
 * memoized and the streaming one updates itself, at most once per frame.
 */
export function MessageList({ chat, empty, snapshots }: { chat: ChatStore; empty?: React.ReactNode; snapshots?: ChatSnapshots }) {
  const messages = useStore(chat.$messages);
  const streaming = useStore(chat.$status) === 'streaming';
  const scroller = useRef<HTMLDivElement>(null);
  useStickToBottom(scroller);
  return (
    <div className="kiln-messages" ref={scroller} data-testid="message-list" aria-live="polite">
      {messages.length === 0 && !streaming && empty}
      {messages.map((entry) =>
        entry.role === 'user' ? <UserMessage key={entry.id} entry={entry} /> : <AssistantMessage key={entry.id} entry={entry} snapshots={snapshots} />,
      )}
      <StreamingMessage chat={chat} />
    </div>
  );
}

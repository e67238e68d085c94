import { useEffect, useRef } from 'react';
import type { ChatConversation, ChatMessage } from '@app/contract';
import { useNoticeEvents, useNoticeStreamRole } from '../../../lib/notices';

/** How often the conversation is asked again while the page is visible and the notice stream is not running. */
export const CHAT_POLL_MS = 3000;

interface LiveHandlers {
  onMessage: (message: ChatMessage) => void;
  onRead: (conversation: ChatConversation) => void;
  /** Asks the server what came since the newest message held (and the read marks). */
  refresh: () => Promise<void> | void;
}

/**
 * Keeps the open conversation current: the notice stream's `chat` (a new message, either side)
 * and `chat-read` (the conversation's read marks) events while the browser's stream runs; a
 * refresh whenever the stream (re)starts or the page becomes visible again (what may have been
 * missed meanwhile); and, while there is no stream, a poll every CHAT_POLL_MS while the page is visible.
 */
export function useChatLive({ onMessage, onRead, refresh }: LiveHandlers): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useNoticeEvents<ChatMessage>('chat', (event) => onMessage(event.data));
  useNoticeEvents<ChatConversation>('chat-read', (event) => onRead(event.data));

  const role = useNoticeStreamRole((s) => s.role);
  const streaming = role !== 'off';

  useEffect(() => {
    if (streaming) void latest.current();
  }, [streaming]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    if (streaming) return () => document.removeEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void latest.current();
    }, CHAT_POLL_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [streaming]);
}

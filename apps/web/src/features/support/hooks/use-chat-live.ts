import { useEffect, useRef, useState } from 'react';
import type { ChatConversation, ChatMessage } from '@app/contract';
import { useNoticeEvents, useNoticeStreamRole } from '../../../lib/notices';

/** How often the conversation is asked again while the page is visible and the stream has not brought a chat event. */
export const CHAT_POLL_MS = 3000;
/** The safety net's pace once the stream has proved it carries the chat (a lost event is found within it). */
export const CHAT_STREAM_POLL_MS = 30_000;

interface LiveHandlers {
  onMessage: (message: ChatMessage) => void;
  onRead: (conversation: ChatConversation) => void;
  /** Asks the server what came since the newest message held (and the read marks). */
  refresh: () => Promise<void> | void;
}

/**
 * Keeps the open conversation current: the notice stream's `chat` (a new message, either side)
 * and `chat-read` (the conversation's read marks) events; a refresh whenever the stream (re)starts
 * or the page becomes visible again (what may have been missed meanwhile); and a poll while the
 * page is visible — every CHAT_POLL_MS until the stream has delivered a chat event (no stream, or
 * one that is not connected), then every CHAT_STREAM_POLL_MS as a safety net.
 */
export function useChatLive({ onMessage, onRead, refresh }: LiveHandlers): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const [proven, setProven] = useState(false);
  useNoticeEvents<ChatMessage>('chat', (event) => {
    setProven(true);
    onMessage(event.data);
  });
  useNoticeEvents<ChatConversation>('chat-read', (event) => {
    setProven(true);
    onRead(event.data);
  });

  const role = useNoticeStreamRole((s) => s.role);
  const streaming = role !== 'off';

  useEffect(() => {
    if (streaming) void latest.current();
  }, [streaming]);

  const every = streaming && proven ? CHAT_STREAM_POLL_MS : CHAT_POLL_MS;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void latest.current();
    }, every);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [every]);
}

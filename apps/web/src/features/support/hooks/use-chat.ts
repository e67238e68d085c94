import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatConversation, ChatMessage } from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { uploadPrivatePhoto } from '../../../lib/api/upload-private-photo';
import { getConversation, getMessages, markRead, sendMessage } from '../api/chat';
import {
  addOutgoing,
  dropOutgoing,
  emptyChat,
  mergeMessages,
  mergeReadState,
  newClientId,
  newestId,
  oldestId,
  unreadFromSupport,
  updateOutgoing,
  type ChatList,
} from '../model/message-list';
import { useChatLive } from './use-chat-live';

export const CHAT_PAGE_SIZE = 30;

type Status = 'loading' | 'ready' | 'error';

function readMarks(c: ChatConversation | null) {
  return c ? { operatorReadThrough: c.operatorReadThrough, userReadThrough: c.userReadThrough } : {};
}

/**
 * The user's conversation with support: the newest page on opening, older pages on demand, new
 * messages and read marks as they come (the notice stream's `chat` and `chat-read` events, or a
 * poll every few seconds while the page is visible when the stream is not there), sending with a
 * clientId (a retry is the same message), and marking support's messages read.
 */
export function useChat(from: string) {
  const [list, setList] = useState<ChatList<ChatMessage>>(emptyChat);
  const [status, setStatus] = useState<Status>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const listRef = useRef(list);
  listRef.current = list;
  /** The chosen pictures of messages not yet sent (a retry uploads them if the upload failed). */
  const files = useRef(new Map<string, File>());
  const reading = useRef(0);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const [conversation, page] = await Promise.all([
        getConversation(signal),
        getMessages({ limit: CHAT_PAGE_SIZE }, signal),
      ]);
      setList((l) => mergeReadState(mergeMessages(l, page.items, page.hasMore), readMarks(conversation)));
      setStatus('ready');
    } catch {
      if (!signal?.aborted) setStatus((s) => (s === 'ready' ? s : 'error'));
    }
  }, []);

  /** What came after the newest message held, and the read marks (after a reconnect, or the poll). */
  const refresh = useCallback(async () => {
    const after = newestId(listRef.current);
    if (after === null) return load();
    try {
      const [conversation, page] = await Promise.all([getConversation(), getMessages({ after, limit: 100 })]);
      setList((l) => mergeReadState(mergeMessages(l, page.items), readMarks(conversation)));
    } catch {
      // The next poll or event tries again.
    }
  }, [load]);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useChatLive({
    onMessage: (m) => setList((l) => mergeMessages(l, [m])),
    onRead: (c) => setList((l) => mergeReadState(l, readMarks(c))),
    refresh,
  });

  const loadOlder = useCallback(async () => {
    const before = oldestId(listRef.current);
    if (before === null || !listRef.current.hasOlder || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages({ before, limit: CHAT_PAGE_SIZE });
      setList((l) => mergeMessages(l, page.items, page.hasMore));
    } catch {
      // The button stays; the user may try again.
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder]);

  const deliver = useCallback(
    async (clientId: string) => {
      const out = listRef.current.outgoing.find((o) => o.clientId === clientId);
      if (!out) return;
      setList((l) => updateOutgoing(l, clientId, { state: 'pending', error: undefined }));
      try {
        let image = out.uploadPath;
        const file = files.current.get(clientId);
        if (file && !image) {
          image = (await uploadPrivatePhoto(file)).path;
          const path = image;
          setList((l) => updateOutgoing(l, clientId, { uploadPath: path }));
        }
        const result = await sendMessage({
          clientId,
          from,
          ...(out.body ? { body: out.body } : {}),
          ...(image ? { image } : {}),
        });
        files.current.delete(clientId);
        setList((l) => mergeReadState(mergeMessages(l, [result.message]), readMarks(result.conversation)));
        if (out.localImage) URL.revokeObjectURL(out.localImage);
      } catch (error) {
        const message = error instanceof ApiError ? error.message : undefined;
        setList((l) => updateOutgoing(l, clientId, { state: 'failed', error: message }));
      }
    },
    [from],
  );

  /** Sends text, a picture, or both: shown at once as pending. */
  const send = useCallback(
    (body: string, file: File | null) => {
      const clientId = newClientId();
      if (file) files.current.set(clientId, file);
      const localImage = file ? URL.createObjectURL(file) : null;
      const next = addOutgoing(listRef.current, {
        clientId,
        body,
        localImage,
        uploadPath: null,
        createdAt: Date.now(),
      });
      listRef.current = next;
      setList(next);
      void deliver(clientId);
    },
    [deliver],
  );

  const discard = useCallback((clientId: string) => {
    const out = listRef.current.outgoing.find((o) => o.clientId === clientId);
    if (out?.localImage) URL.revokeObjectURL(out.localImage);
    files.current.delete(clientId);
    setList((l) => dropOutgoing(l, clientId));
  }, []);

  /** The user sees the newest messages: support's up to there are read. */
  const markSeen = useCallback(() => {
    const id = unreadFromSupport(listRef.current);
    if (id === null || id <= reading.current) return;
    reading.current = id;
    markRead(id)
      .then((c) => setList((l) => mergeReadState(l, readMarks(c))))
      .catch(() => {
        reading.current = 0;
      });
  }, []);

  return { list, status, loadingOlder, loadOlder, send, retry: deliver, discard, markSeen, reload: load };
}

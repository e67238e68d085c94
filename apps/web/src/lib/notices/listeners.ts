import { create } from 'zustand';
import type { Role } from './shared-stream';
import type { SseEvent } from './sse-parser';

/**
 * This tab's subscribers to the notice stream, apart from the stream's machinery
 * (notice-stream.ts), which loads only once a user is signed in: a feature may subscribe first.
 * Events come with their data parsed (JSON); a listener asks for the event types it wants
 * (`notice`, `announcement`, `unread`, `chat`, `chat-read`) or `*`.
 */

export interface NoticeStreamEvent<T = unknown> {
  /** Its place in the notice stream (the SSE id; '' for an event without one, like the count sent on connecting). */
  id: string;
  type: string;
  data: T;
}

type Listener = (event: NoticeStreamEvent) => void;

const listeners = new Map<string, Set<Listener>>();

/** Hands one event (once, in order: the stream de-duplicates) to this tab's listeners. */
export function deliver(event: SseEvent): void {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return; // Not an event of this stream.
  }
  const parsed: NoticeStreamEvent = { id: event.id, type: event.type, data };
  for (const key of [event.type, '*']) {
    for (const listener of listeners.get(key) ?? []) {
      try {
        listener(parsed);
      } catch (error) {
        // One listener's failure must not cost the others their event.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

/**
 * Calls `listener` with every event of these types (`*`: all) this tab receives, once each, in
 * order; returns the function that unsubscribes.
 */
export function subscribeNotices<T = unknown>(
  types: string | readonly string[],
  listener: (event: NoticeStreamEvent<T>) => void,
): () => void {
  const keys = typeof types === 'string' ? [types] : [...types];
  const l = listener as Listener;
  for (const key of keys) {
    let set = listeners.get(key);
    if (!set) listeners.set(key, (set = new Set()));
    set.add(l);
  }
  return () => {
    for (const key of keys) listeners.get(key)?.delete(l);
  };
}

/**
 * This tab's part in the shared stream: `leader` holds the connection, `follower` hears it from
 * the leader, `alone` has its own (no Web Locks), `off` none (signed out, or the session ended).
 * The journey reads it from `data-notice-stream` on <html>.
 */
export const useNoticeStreamRole = create<{ role: Role }>(() => ({ role: 'off' }));

export function showRole(role: Role): void {
  useNoticeStreamRole.setState({ role });
  if (typeof document !== 'undefined') document.documentElement.dataset.noticeStream = role;
}

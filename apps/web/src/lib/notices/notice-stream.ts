import { API } from '@app/contract';
import { create } from 'zustand';
import { commonHeaders } from '../api/api-client';
import { openSseConnection } from './connection';
import { SharedNoticeStream, type Role } from './shared-stream';
import type { SseEvent } from './sse-parser';

/**
 * The browser's notice stream as the app uses it: one SharedNoticeStream per tab (shared-stream.ts)
 * and the subscribers of this tab. Events come with their data parsed (JSON); a listener asks for
 * the event types it wants (`notice`, `announcement`, `unread`, `chat`, `chat-read`) or `*`.
 */

export interface NoticeStreamEvent<T = unknown> {
  /** Its place in the notice stream (the SSE id). */
  id: string;
  type: string;
  data: T;
}

type Listener = (event: NoticeStreamEvent) => void;

const listeners = new Map<string, Set<Listener>>();

/** The server sends a comment every 15 s: three missed ones mean the connection is dead. */
const SILENCE_MS = 45_000;

function deliver(event: SseEvent): void {
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

/** This tab's part in the shared stream (the journey reads it from `data-notice-stream` on <html>). */
export const useNoticeStreamRole = create<{ role: Role }>(() => ({ role: 'off' }));

function showRole(role: Role): void {
  useNoticeStreamRole.setState({ role });
  if (typeof document !== 'undefined') document.documentElement.dataset.noticeStream = role;
}

let stream: SharedNoticeStream | null = null;

function theStream(): SharedNoticeStream {
  if (stream) return stream;
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator && typeof navigator.locks?.request === 'function';
  const hasChannel = typeof BroadcastChannel === 'function';
  stream = new SharedNoticeStream(
    {
      connect: ({ lastEventId, onEvent, onEnd }) =>
        openSseConnection({ url: API.sse.userEvents, headers: commonHeaders, lastEventId, onEvent, onEnd, silenceMs: SILENCE_MS }),
      locks: hasLocks && hasChannel ? navigator.locks : null,
      createChannel: hasLocks && hasChannel ? (name) => new BroadcastChannel(name) : null,
      storage: typeof localStorage === 'undefined' ? null : localStorage,
    },
    deliver,
    showRole,
  );
  return stream;
}

/** Starts following the signed-in user's stream (app start does it: lifecycle.ts). */
export function startNoticeStream(token: string): void {
  theStream().start(token);
}

/** Stops it (logout, expiry); the other tabs of the browser stop too. */
export function stopNoticeStream(): void {
  stream?.stop(true);
}

/**
 * Calls `listener` with every event of these types (`*`: all) this tab receives, once each, in
 * order; returns the function that unsubscribes.
 */
export function subscribeNotices<T = unknown>(types: string | readonly string[], listener: (event: NoticeStreamEvent<T>) => void): () => void {
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

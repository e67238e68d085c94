import { API } from '@app/contract';
import { commonHeaders } from '../api/api-client';
import { openSseConnection } from './connection';
import { deliver, showRole } from './listeners';
import { SharedNoticeStream } from './shared-stream';
import type { SseEvent } from './sse-parser';
import { fetchUnreadCount } from './unread';

/**
 * The browser's notice stream in this tab: one SharedNoticeStream (shared-stream.ts) on the
 * browser's Web Locks and BroadcastChannel, reading the server with connection.ts. Loaded by
 * lifecycle.ts once a user is signed in (its own chunk: the first page does not carry it).
 */

/** The server sends a comment every 15 s: three missed ones mean the connection is dead. */
const SILENCE_MS = 45_000;

let stream: SharedNoticeStream | null = null;

/** A new notice or announcement changes the count: read once after a burst, then told to every tab. */
const COUNT_AFTER_MS = 100;
let countTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The server's `unread` events follow reads (one, all); a new notice or announcement comes without
 * one. The tab holding the stream then reads the count once (not every tab: one request per
 * browser) and shares it as an `unread` event.
 */
function fromStream(event: SseEvent): void {
  deliver(event);
  if (event.type !== 'notice' && event.type !== 'announcement') return;
  if (stream?.role !== 'leader' && stream?.role !== 'alone') return; // A follower heard it from the leader, which counts.
  clearTimeout(countTimer);
  countTimer = setTimeout(() => {
    void fetchUnreadCount().then((unread) => {
      if (unread !== null) stream?.share({ id: '', type: 'unread', data: JSON.stringify({ unread }) });
    });
  }, COUNT_AFTER_MS);
}

function theStream(): SharedNoticeStream {
  if (stream) return stream;
  const shared =
    typeof navigator !== 'undefined' &&
    typeof navigator.locks?.request === 'function' &&
    typeof BroadcastChannel === 'function';
  stream = new SharedNoticeStream(
    {
      connect: ({ lastEventId, onEvent, onEnd }) =>
        openSseConnection({
          url: API.sse.userEvents,
          headers: commonHeaders,
          lastEventId,
          onEvent,
          onEnd,
          silenceMs: SILENCE_MS,
        }),
      locks: shared ? navigator.locks : null,
      createChannel: shared ? (name) => new BroadcastChannel(name) : null,
      storage: typeof localStorage === 'undefined' ? null : localStorage,
    },
    fromStream,
    showRole,
  );
  return stream;
}

/** Starts following the signed-in user's stream. */
export function startNoticeStream(token: string): void {
  theStream().start(token);
}

/** Stops it (logout, expiry); the other tabs of the browser stop too. */
export function stopNoticeStream(): void {
  stream?.stop(true);
}

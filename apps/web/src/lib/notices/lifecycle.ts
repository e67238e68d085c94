import type { UnreadCount } from '@app/contract';
import { useSessionStore } from '../session/session-store';
import { subscribeNotices } from './listeners';
import { refreshUnreadCount, setUnreadCount, useUnreadStore } from './unread';

let installed = false;

/**
 * App start (app/start.tsx): the notice stream follows the session. Signed in: the tab joins the
 * browser's stream (its code loads then) and reads the unread count; signed out (logout, expiry):
 * it leaves it and the other tabs stop leading for that session.
 */
export function installNoticeStream(): void {
  if (installed) return;
  installed = true;
  subscribeNotices<UnreadCount>('unread', (event) => {
    if (typeof event.data.unread === 'number') setUnreadCount(event.data.unread);
  });
  // A new unread notice counts at once in every tab (each hears it); the exact count follows
  // from the tab holding the stream (notice-stream.ts).
  subscribeNotices<{ read?: unknown }>(['notice', 'announcement'], (event) => {
    const unread = useUnreadStore.getState().unread;
    if (event.data.read === false && unread !== null) setUnreadCount(unread + 1);
  });
  let current: string | null = null;
  let change = Promise.resolve();
  const follow = (token: string | null) => {
    if (token === current) return;
    current = token;
    if (token) void refreshUnreadCount();
    else setUnreadCount(null);
    // In order: a quick logout and login must not start and stop out of turn.
    change = change
      .then(() => import('./notice-stream'))
      .then((m) => (token ? m.startNoticeStream(token) : m.stopNoticeStream()))
      .catch(() => undefined); // The chunk failed to load: no live updates in this tab; the pages still load their data.
  };
  follow(useSessionStore.getState().token);
  useSessionStore.subscribe((state) => follow(state.token));
}

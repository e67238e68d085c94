import type { UnreadCount } from '@app/contract';
import { useSessionStore } from '../session/session-store';
import { startNoticeStream, stopNoticeStream, subscribeNotices } from './notice-stream';
import { refreshUnreadCount, setUnreadCount } from './unread';

let installed = false;

/**
 * App start (app/start.tsx): the notice stream follows the session. Signed in: the tab joins the
 * browser's stream and reads the unread count; signed out (logout, expiry): it leaves it and the
 * other tabs stop leading for that session.
 */
export function installNoticeStream(): void {
  if (installed) return;
  installed = true;
  subscribeNotices<UnreadCount>('unread', (event) => {
    if (typeof event.data.unread === 'number') setUnreadCount(event.data.unread);
  });
  let current: string | null = null;
  const follow = (token: string | null) => {
    if (token === current) return;
    current = token;
    if (token) {
      startNoticeStream(token);
      void refreshUnreadCount();
    } else {
      stopNoticeStream();
      setUnreadCount(null);
    }
  };
  follow(useSessionStore.getState().token);
  useSessionStore.subscribe((state) => follow(state.token));
}

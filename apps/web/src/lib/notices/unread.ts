import { API, type UnreadCount } from '@app/contract';
import { create } from 'zustand';
import { apiGet } from '../api/api-client';

/**
 * The signed-in user's unread count (notifications and announcements), which the badges of both
 * layouts show: read from `num-noti` when the stream starts, then kept by the stream's `unread`
 * events, which reach every tab of the browser at once (shared-stream.ts). Null: not known (logged out).
 */
export const useUnreadStore = create<{ unread: number | null }>(() => ({ unread: null }));

export const useUnreadCount = (): number | null => useUnreadStore((s) => s.unread);

export function setUnreadCount(unread: number | null): void {
  useUnreadStore.setState({ unread: unread === null ? null : Math.max(0, Math.trunc(unread)) });
}

/** The server's count now (quietly), or null when it could not be read. */
export function fetchUnreadCount(): Promise<number | null> {
  return apiGet<UnreadCount>(API.notification.numNoti, undefined, { silent: true }).then(
    (answer) => answer.unread,
    () => null,
  );
}

/** Asks the server for the count (a failure leaves the badge as it is). */
export function refreshUnreadCount(): Promise<void> {
  return fetchUnreadCount().then((unread) => {
    if (unread !== null) setUnreadCount(unread);
  });
}

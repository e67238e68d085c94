/**
 * The notice stream (issue 20, docs/notifications.md): the user's server-sent events —
 * notifications, announcements, the unread count, support chat — over ONE connection per browser,
 * shared by its tabs. Features subscribe here (the notification centre, the support chat); the
 * app starts it (installNoticeStream) and the layouts show the unread count (NoticeBell).
 */
export { installNoticeStream } from './lifecycle';
export { subscribeNotices, useNoticeStreamRole, type NoticeStreamEvent } from './listeners';
export { NoticeBell } from './notice-bell';
export { refreshUnreadCount, setUnreadCount, useUnreadCount, useUnreadStore } from './unread';
export { useNoticeEvents } from './use-notice-events';

/** The notification centre (issue 20: the list with "Mark all read", one notice), composed by app/route-table.ts. */
export { NotificationDetailPage, NotificationsPage } from './components/notification-pages';

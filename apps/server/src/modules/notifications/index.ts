// The notifications module's face: other modules, app.ts, tests and scripts import only from here.
export { NotificationService } from './service';
export { noticeSent, notifyUser, notifyUsers, type UserNotice } from './notices';
export { notificationRoutes } from './routes';
export { SseClient, type SseEvent } from './sse-client';

import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  NoticeCountResponse,
  NoticeDetailQuery,
  NoticeDetailResponse,
  NoticeListQuery,
  NoticeListResponse,
  NoticeReadBody,
  NoticeStreamQuery,
  NoticeStreamResponse,
  parseHeaderLang,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { NotificationService } from './service';

const tags = ['notifications'];

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Notifications and the notice stream (docs/product.md §7 "news, notifications, app"; docs/notifications.md). */
export const notificationRoutes: FastifyPluginAsync<{ notifications: NotificationService }> = async (
  base,
  { notifications },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/notification/num-noti',
    {
      schema: schema({
        tags,
        summary: 'The number of unread notifications and announcements',
        response: NoticeCountResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await notifications.unread(authOf(req).user.id)),
  );

  app.get(
    '/asset/api/notification/reset-num-noti',
    {
      schema: schema({
        tags,
        summary:
          'Mark every notification and announcement read (a GET in docs/product.md §7 that changes state: it needs the session and may be repeated without effect); answers the count, 0',
        response: NoticeCountResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').ok(await notifications.readAll(authOf(req).user.id)),
  );

  app.post(
    '/asset/api/notification/read-noti',
    {
      schema: schema({
        tags,
        summary:
          'Mark one notification (`n…`) or announcement (`a…`) read, again without effect; answers the unread count',
        body: NoticeReadBody,
        response: NoticeCountResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await notifications.read(authOf(req).user.id, req.body.id)),
  );

  app.get(
    '/asset/api/notification/list',
    {
      schema: schema({
        tags,
        summary:
          "The user's notifications and the announcements published since they registered, newest first, with read state, in the `lang` language",
        querystring: NoticeListQuery,
        response: NoticeListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await notifications.list(authOf(req).user.id, req.query, req.lang)),
  );

  app.get(
    '/asset/api/notification/detail',
    {
      schema: schema({
        tags,
        summary:
          'One notification or announcement, in the `lang` language (reading it does not mark it read: read-noti does)',
        querystring: NoticeDetailQuery,
        response: NoticeDetailResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await notifications.detail(authOf(req).user.id, req.query.id, req.lang)),
  );

  app.get(
    '/api/market/sse/user-sse-events',
    {
      schema: schema({
        tags,
        summary:
          "The user's event stream (text/event-stream): notice, announcement, unread, chat, chat-read. Each event's id is its place in the stream; " +
          'send it back as the Last-Event-ID header (or the lastEventId query) to resume with nothing missed and nothing twice. Language: the `lang` header or query.',
        querystring: NoticeStreamQuery,
        response: NoticeStreamResponse,
        auth: true,
      }),
    },
    async (req, reply) => {
      const userId = authOf(req).user.id;
      // Checked before the stream starts, so a bad cursor answers the envelope.
      const cursor = notifications.cursorOf(header(req.headers['last-event-id']) ?? req.query.lastEventId);
      const lang = req.query.lang === undefined ? req.lang : parseHeaderLang(req.query.lang);
      reply.hijack();
      const res = reply.raw;
      // The headers set so far (security headers, request id) and the stream's own.
      const own = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<
        string,
        string | string[] | number
      >;
      res.writeHead(200, {
        ...own,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.flushHeaders();
      await notifications.openStream(userId, lang, cursor, res);
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminNewsListQuery,
  AdminNewsListResponse,
  AdminNewsPostResponse,
  AdminNewsSave,
  AdminNewsWithdraw,
  NewsCalendarResponse,
  NewsDetailQuery,
  NewsDetailResponse,
  NewsListQuery,
  NewsListResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { NewsService } from './news-service';

const tags = ['news'];
const adminTags = ['admin'];
/** Who writes, schedules and withdraws news and announcements in the back office. */
const ROLES = ['support', 'admin'] as const;

/** News and announcements (docs/product.md §7 `news/list`, `news/detail`; docs/content.md). */
export const newsRoutes: FastifyPluginAsync<{ news: NewsService }> = async (base, { news }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/news/list',
    {
      schema: schema({
        tags,
        summary:
          "Published news and announcements (of one kind when given), newest first, in the request's language (English, marked `fallback`, when a post has none in it)",
        querystring: NewsListQuery,
        response: NewsListResponse,
      }),
    },
    async (req, reply) => reply.ok(await news.list(req.lang, req.query)),
  );

  app.get(
    '/asset/api/news/detail',
    {
      schema: schema({
        tags,
        summary: "One published post with its plain-text body, in the request's language or English marked `fallback`",
        querystring: NewsDetailQuery,
        response: NewsDetailResponse,
      }),
    },
    async (req, reply) => reply.ok(await news.detail(req.lang, req.query.id)),
  );

  app.get(
    '/asset/api/news/calendar',
    {
      schema: schema({
        tags,
        summary:
          'The address of the economic calendar widget the news page embeds (ECONOMIC_CALENDAR_URL), null when not configured',
        response: NewsCalendarResponse,
      }),
    },
    async (_req, reply) => reply.ok(news.calendar()),
  );
};

/** The back office's news: list, create, change, schedule and withdraw, audited (support, admin). */
export const newsAdminRoutes: FastifyPluginAsync<{ news: NewsService }> = async (base, { news }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/content/news/list',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Every post, newest first, with its translations and state: scheduled, published or withdrawn (support, admin)',
        querystring: AdminNewsListQuery,
        response: AdminNewsListResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await news.adminList(req.query)),
  );

  app.post(
    '/admin/api/content/news/save',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Create a post (no id) or change one: kind, translations (English required), image, link, publish time (in the future: scheduled); audited (support, admin)',
        body: AdminNewsSave,
        response: AdminNewsPostResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await news.save(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/content/news/withdraw',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Withdraw a post: users no longer see it; audited (support, admin)',
        body: AdminNewsWithdraw,
        response: AdminNewsPostResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await news.withdraw(actorOf(req), req.body.id)),
  );
};

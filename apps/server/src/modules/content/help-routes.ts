import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminHelpArticleResponse,
  AdminHelpListQuery,
  AdminHelpListResponse,
  HelpArticleListResponse,
  HelpArticlePublish,
  HelpArticleResponse,
  HelpArticleSave,
  HelpCategoriesResponse,
  HelpDetailQuery,
  HelpListQuery,
  HelpSearchQuery,
  type OperatorRole,
} from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { HelpService } from './help-service';

const tags = ['help'];
const adminTags = ['admin'];
/** Support writes the help users read; admins may too. */
export const HELP_ROLES: readonly OperatorRole[] = ['support', 'admin'];

/** The helper centre (added by this project; docs/content.md "Helper centre"): no session needed. */
export const helpRoutes: FastifyPluginAsync<{ help: HelpService }> = async (base, { help }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/help/categories',
    {
      schema: schema({
        tags,
        summary: "The helper centre's categories, each with its number of published articles",
        response: HelpCategoriesResponse,
      }),
    },
    async (_req, reply) => reply.ok(await help.categories()),
  );

  app.get(
    '/asset/api/help/list',
    {
      schema: schema({
        tags,
        summary:
          'The published articles of a category, in order, titled in the request language (English, marked `fallback`, where an article has none in it)',
        querystring: HelpListQuery,
        response: HelpArticleListResponse,
      }),
    },
    async (req, reply) => reply.ok({ items: await help.list(req.query.category, req.lang) }),
  );

  app.get(
    '/asset/api/help/search',
    {
      schema: schema({
        tags,
        summary:
          'Published articles holding every word of `q` (case-insensitive) in their title or text in the request language, or English where they have none in it; at most 50, title matches first',
        querystring: HelpSearchQuery,
        response: HelpArticleListResponse,
      }),
    },
    async (req, reply) => reply.ok({ items: await help.search(req.query.q, req.lang) }),
  );

  app.get(
    '/asset/api/help/detail',
    {
      schema: schema({
        tags,
        summary: 'A published article in the request language (English, marked `fallback`, when it has none in it)',
        querystring: HelpDetailQuery,
        response: HelpArticleResponse,
      }),
    },
    async (req, reply) => reply.ok(await help.detail(req.query.id, req.lang)),
  );
};

/** The helper centre in the back office (support, admin): every article, published or not; changes audited. */
export const helpAdminRoutes: FastifyPluginAsync<{ help: HelpService }> = async (base, { help }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const roles = HELP_ROLES;

  app.get(
    '/admin/api/content/help/list',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Help articles, published or not, with every translation, by category and order (support, admin)',
        querystring: AdminHelpListQuery,
        response: AdminHelpListResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok({ items: await help.adminList(req.query) }),
  );

  app.post(
    '/admin/api/content/help/save',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Create (no id) or change a help article; English required; audited (support, admin)',
        body: HelpArticleSave,
        response: AdminHelpArticleResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await help.save(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/content/help/publish',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Publish or unpublish a help article (kept either way); audited (support, admin)',
        body: HelpArticlePublish,
        response: AdminHelpArticleResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await help.publish(actorOf(req), req.body)),
  );
};

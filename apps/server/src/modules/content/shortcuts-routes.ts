import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminHomeShortcutResponse,
  AdminHomeShortcutsResponse,
  HomeShortcutSave,
  HomeShortcutsResponse,
  type OperatorRole,
} from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { ShortcutService } from './shortcuts-service';

/** Who changes the home shortcuts: those who write the other content (news, help). */
export const SHORTCUT_ROLES: readonly OperatorRole[] = ['support', 'admin'];

/** The home page's shortcuts (docs/content.md "Home shortcuts"); no session: a visitor's home shows them too. */
export const shortcutRoutes: FastifyPluginAsync<{ shortcuts: ShortcutService }> = async (base, { shortcuts }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/home/shortcuts',
    {
      schema: schema({
        tags: ['home'],
        summary:
          "The home page's shown shortcuts in their order: key, the operators' label in the request language (null: the app's own name) and the app page it opens",
        response: HomeShortcutsResponse,
      }),
    },
    async (req, reply) => reply.ok(await shortcuts.shown(req.lang)),
  );
};

/** The back office's home shortcuts (support, admin; audited like the other content). */
export const shortcutAdminRoutes: FastifyPluginAsync<{ shortcuts: ShortcutService }> = async (base, { shortcuts }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/content/shortcuts/list',
    {
      schema: schema({
        tags: ['admin'],
        summary: 'Every home shortcut, shown or hidden, in order, with its labels and target (support, admin)',
        response: AdminHomeShortcutsResponse,
        roles: SHORTCUT_ROLES,
      }),
    },
    async (_req, reply) => reply.ok(await shortcuts.adminList()),
  );

  app.post(
    '/admin/api/content/shortcuts/save',
    {
      schema: schema({
        tags: ['admin'],
        summary:
          "Show or hide a home shortcut, set its place, its label per language (none: the app's own name) and the app page it opens; audited (support, admin)",
        body: HomeShortcutSave,
        response: AdminHomeShortcutResponse,
        roles: SHORTCUT_ROLES,
      }),
    },
    async (req, reply) => reply.ok(await shortcuts.save(actorOf(req), req.body)),
  );
};

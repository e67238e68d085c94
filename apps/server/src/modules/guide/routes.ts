import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GuideProgressResponse } from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { GuideService } from './service';

/** The novice guide's progress (docs/content.md "Novice guide"). */
export const guideRoutes: FastifyPluginAsync<{ guide: GuideService }> = async (base, { guide }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/guide/progress',
    {
      schema: schema({
        tags: ['guide'],
        summary:
          "The novice guide's steps in order (a demo trade, a first seconds contract, a first deposit credited, the fund password set), each done or not from the user's own records",
        response: GuideProgressResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await guide.progress(authOf(req).user.id)),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminVipTiersResponse, VipInfoResponse, VipTiersSave } from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { VipService } from './service';

/** VIP tiers and the caller's standing (docs/vip.md); a visitor sees the tiers alone. */
export const vipRoutes: FastifyPluginAsync<{ vip: VipService }> = async (base, { vip }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/vip/info',
    {
      schema: schema({
        tags: ['vip'],
        summary:
          "The VIP tiers (30-day trading volume or balance in USDT, and each tier's benefits); with a session, the caller's figures on the real account, tier and what the next tier needs",
        response: VipInfoResponse,
        auth: 'optional',
      }),
    },
    async (req, reply) => reply.ok(await vip.info(req.auth?.user.id ?? null)),
  );
};

/** The back office's VIP tiers: finance reads them, an admin changes them (they lower fees and raise limits); audited. */
export const vipAdminRoutes: FastifyPluginAsync<{ vip: VipService }> = async (base, { vip }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/vip/tiers',
    {
      schema: schema({
        tags: ['admin'],
        summary: 'The VIP tiers, level 1 first, and who changed them last (finance, admin)',
        response: AdminVipTiersResponse,
        roles: ['finance', 'admin'],
      }),
    },
    async (_req, reply) => reply.ok(await vip.adminTiers()),
  );

  app.post(
    '/admin/api/vip/tiers/save',
    {
      schema: schema({
        tags: ['admin'],
        summary:
          'Replace the VIP tiers: levels 1, 2, 3… each with higher volume and balance thresholds and no smaller benefits than the one below; applies to the next quote; audited (admin)',
        body: VipTiersSave,
        response: AdminVipTiersResponse,
        roles: ['admin'],
      }),
    },
    async (req, reply) => reply.ok(await vip.saveTiers(actorOf(req), req.body)),
  );
};

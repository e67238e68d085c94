import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ADMIN_QUEUES,
  AdminWithdrawalListResponse,
  AdminWithdrawalQuery,
  AdminWithdrawalResponse,
  WithdrawCancelBody,
  WithdrawConfirmBody,
  WithdrawCreateBody,
  WithdrawDecideBody,
  WithdrawFeeQuery,
  WithdrawFeeResponse,
  WithdrawListQuery,
  WithdrawListResponse,
  WithdrawQuoteResponse,
  WithdrawSetting,
  WithdrawSettingResponse,
  WithdrawSettingsResponse,
  WithdrawalResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, moneyRequestOf } from '../../plugins/session';
import { actorOf } from '../audit';
import type { WithdrawalService } from './service';

const tags = ['withdrawals'];
const adminTags = ['admin'];

/** Withdrawals (docs/product.md §7 "Withdrawals"; docs/withdrawals.md): the user's create and confirm steps, records and cancel. */
export const withdrawalRoutes: FastifyPluginAsync<{ withdrawals: WithdrawalService }> = async (
  base,
  { withdrawals },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/userwithdraw/withdraw-fee',
    {
      schema: schema({
        tags,
        summary:
          "For one coin and chain, for this user now: whether it can be withdrawn, the fee (none in a new user's first months), minimum, maximum, the daily limit left, the balance, and a security pause or freeze if any",
        querystring: WithdrawFeeQuery,
        response: WithdrawFeeResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.fee(authOf(req).user.id, req.query)),
  );

  app.post(
    '/asset/api/userwithdraw/create',
    {
      schema: schema({
        tags,
        summary:
          'The create step: a saved, usable address and an amount → a quote (fee, expected receipt) valid for 120 s; nothing moves',
        body: WithdrawCreateBody,
        response: WithdrawQuoteResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.create(moneyRequestOf(req), req.body)),
  );

  app.post(
    '/asset/api/userwithdraw/confirm',
    {
      schema: schema({
        tags,
        summary:
          'The confirm step: the quote and the fund password → the amount moves to escrow, once (Idempotency-Key accepted); approved by the rules or waiting for review',
        body: WithdrawConfirmBody,
        response: WithdrawalResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.confirm(moneyRequestOf(req), req.body)),
  );

  app.get(
    '/asset/api/userwithdraw/list',
    {
      schema: schema({
        tags,
        summary: "The user's withdrawals, newest first (of one coin or state when given)",
        querystring: WithdrawListQuery,
        response: WithdrawListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.list(authOf(req).user.id, req.query)),
  );

  app.post(
    '/asset/api/userwithdraw/cancel',
    {
      schema: schema({
        tags,
        summary:
          'Cancel a withdrawal still waiting for review; its amount returns to the balance (Idempotency-Key accepted)',
        body: WithdrawCancelBody,
        response: WithdrawalResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.cancel(moneyRequestOf(req), req.body)),
  );
};

/** The back office's withdrawals: the review queue and decisions (finance, admin), fee settings (admin changes). */
export const withdrawalAdminRoutes: FastifyPluginAsync<{ withdrawals: WithdrawalService }> = async (
  base,
  { withdrawals },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/withdrawals/list',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Withdrawals waiting for review, oldest first, or those in another state, newest first; with risk flags and approvals (finance, admin)',
        querystring: AdminWithdrawalQuery,
        response: AdminWithdrawalListResponse,
        roles: ADMIN_QUEUES.withdrawals,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.adminList(req.query)),
  );

  app.post(
    '/admin/api/withdrawals/decide',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Approve (once per operator; four eyes need two different operators) or reject with a reason a withdrawal waiting for review; audited (finance, admin)',
        body: WithdrawDecideBody,
        response: AdminWithdrawalResponse,
        roles: ADMIN_QUEUES.withdrawals,
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.decide(actorOf(req), req.body)),
  );

  app.get(
    '/admin/api/withdrawals/settings',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Fees and limits per coin and chain, and whether a signer serves the chain (finance, admin)',
        response: WithdrawSettingsResponse,
        roles: ADMIN_QUEUES.withdrawals,
      }),
    },
    async (_req, reply) => reply.ok(await withdrawals.settings()),
  );

  app.post(
    '/admin/api/withdrawals/settings/update',
    {
      schema: schema({
        tags: adminTags,
        summary: "Change a coin and chain's fee, limits or switch; audited (admin)",
        body: WithdrawSetting,
        response: WithdrawSettingResponse,
        roles: ['admin'],
      }),
    },
    async (req, reply) => reply.ok(await withdrawals.updateSetting(actorOf(req), req.body)),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  API, DeleteWithdrawAddressBody, InsertWithdrawAddressBody, Ok, WithdrawAddressInfoQuery, WithdrawAddressInfoResponse, WithdrawAddressListQuery,
  WithdrawAddressListResponse, WithdrawAddressResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { WithdrawalService } from './service';

const tags = ['withdrawals'];

/** The withdrawal address book (spec §7 `currencyAddress/*`; docs/withdrawals.md). */
export const withdrawalRoutes: FastifyPluginAsync<{ withdrawals: WithdrawalService }> = async (base, { withdrawals }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(API.currencyAddress.insert, {
    schema: schema({ tags, summary: 'Save a withdrawal address for a coin and chain, with the fund password; checked for the chain, usable after the hold (WITHDRAW_ADDRESS_HOLD_HOURS); the user is notified', body: InsertWithdrawAddressBody, response: WithdrawAddressResponse, auth: true }),
  }, async (req, reply) => reply.ok(await withdrawals.insert(authOf(req).user.id, req.body)));

  app.post(API.currencyAddress.delete, {
    schema: schema({ tags, summary: 'Delete a saved withdrawal address, with the fund password', body: DeleteWithdrawAddressBody, response: Ok, auth: true }),
  }, async (req, reply) => {
    await withdrawals.delete(authOf(req).user.id, req.body);
    return reply.ok(null);
  });

  app.get(API.currencyAddress.currencyList, {
    schema: schema({ tags, summary: 'The user\'s saved withdrawal addresses (of one coin when given), newest first, each with when it becomes usable', querystring: WithdrawAddressListQuery, response: WithdrawAddressListResponse, auth: true }),
  }, async (req, reply) => reply.ok(await withdrawals.list(authOf(req).user.id, req.query.currency)));

  app.get(API.currencyAddress.info, {
    schema: schema({ tags, summary: 'For one coin: its chains, each with the user\'s saved withdrawal addresses on it (the withdraw form\'s picker)', querystring: WithdrawAddressInfoQuery, response: WithdrawAddressInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await withdrawals.info(authOf(req).user.id, req.query.currency)));
};

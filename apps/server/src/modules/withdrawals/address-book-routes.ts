import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DeleteWithdrawAddressBody,
  InsertWithdrawAddressBody,
  Ok,
  WithdrawAddressConfirmBody,
  WithdrawAddressInfoQuery,
  WithdrawAddressInfoResponse,
  WithdrawAddressListQuery,
  WithdrawAddressListResponse,
  WithdrawAddressResponse,
  WithdrawFreezeBody,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { AddressBookService } from './address-book';

const tags = ['withdrawals'];

/** The withdrawal address book (docs/product.md §7 `currencyAddress/*`; docs/withdrawals.md "Address book"). */
export const addressBookRoutes: FastifyPluginAsync<{
  addressBook: AddressBookService;
  rateLimitPerMinute: number;
}> = async (base, { addressBook, rateLimitPerMinute }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // Per-address limit on the route that needs no session, as on the sign-in routes.
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/asset/api/currencyAddress/insert',
    {
      schema: schema({
        tags,
        summary:
          'Save a withdrawal address for a coin and chain, with the fund password; checked for the chain, usable after the hold (WITHDRAW_ADDRESS_HOLD_HOURS); the user is notified',
        body: InsertWithdrawAddressBody,
        response: WithdrawAddressResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await addressBook.insert(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/currencyAddress/delete',
    {
      schema: schema({
        tags,
        summary: 'Delete a saved withdrawal address, with the fund password',
        body: DeleteWithdrawAddressBody,
        response: Ok,
        auth: true,
      }),
    },
    async (req, reply) => {
      await addressBook.delete(authOf(req).user.id, req.body);
      return reply.ok(null);
    },
  );

  app.post(
    '/asset/api/currencyAddress/confirm',
    {
      schema: schema({
        tags,
        summary:
          "Make a held withdrawal address usable now, with a code (purpose `withdraw_address`) sent to the user's own e-mail or phone; the user is notified",
        body: WithdrawAddressConfirmBody,
        response: WithdrawAddressResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await addressBook.confirm(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/userwithdraw/freeze',
    {
      config: limited,
      schema: schema({
        tags,
        summary:
          'The "this wasn\'t me" link of a new-address notice (no session; the token is the proof, used once, 7 days): withdrawals frozen until support lifts it, every session ended, withdrawals waiting for review cancelled',
        body: WithdrawFreezeBody,
        response: Ok,
      }),
    },
    async (req, reply) => {
      await addressBook.freeze(req.body.token);
      return reply.ok(null);
    },
  );

  app.get(
    '/asset/api/currencyAddress/currencyList',
    {
      schema: schema({
        tags,
        summary:
          "The user's saved withdrawal addresses (of one coin when given), newest first, each with when it becomes usable",
        querystring: WithdrawAddressListQuery,
        response: WithdrawAddressListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await addressBook.list(authOf(req).user.id, req.query.currency)),
  );

  app.get(
    '/asset/api/currencyAddress/info',
    {
      schema: schema({
        tags,
        summary:
          "For one coin: its chains, each with the user's saved withdrawal addresses on it (the withdraw form's picker)",
        querystring: WithdrawAddressInfoQuery,
        response: WithdrawAddressInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await addressBook.info(authOf(req).user.id, req.query.currency)),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChainTypesQuery,
  ChainTypesResponse,
  CreateAddressBody,
  DeleteAddressBody,
  DepositAddressQuery,
  DepositAddressResponse,
  DepositNoticeBody,
  DepositNoticeResponse,
  DEV_CHAIN_SENDS_PER_MINUTE,
  DevChainSendBody,
  DevChainSentResponse,
  GetAddressesQuery,
  GetAddressesResponse,
  Ok,
  RechargeCoinQuery,
  RechargeCoinResponse,
  RechargeListQuery,
  RechargeListResponse,
  RechargeTypesQuery,
  RechargeTypesResponse,
  SavedAddressResponse,
  UpdateAddressBody,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { DepositService } from './service';

const tags = ['deposits'];

/** Coins, chains, deposit addresses, the address book, deposit notices and records (docs/product.md §7 "Addresses and deposits"; docs/deposits.md). */
export const depositRoutes: FastifyPluginAsync<{ deposits: DepositService }> = async (base, { deposits }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/currency/recharge-types',
    {
      schema: schema({
        tags,
        summary:
          "Every coin (or one) with the chains it can be deposited on, each chain's minimum, confirmations and state; a coin with no chain yet has none",
        querystring: RechargeTypesQuery,
        response: RechargeTypesResponse,
      }),
    },
    async (req, reply) => reply.ok(deposits.rechargeTypes(req.query.symbol)),
  );

  app.get(
    '/asset/api/currency/chain-types',
    {
      schema: schema({
        tags,
        summary: 'The chains of one coin (empty when it has none yet)',
        querystring: ChainTypesQuery,
        response: ChainTypesResponse,
      }),
    },
    async (req, reply) => reply.ok({ symbol: req.query.symbol, chains: deposits.chainTypes(req.query.symbol) }),
  );

  app.get(
    '/asset/api/userrechange/recharge-coin',
    {
      schema: schema({
        tags,
        summary: 'The coins that can be deposited now, each with only its available chains (the coin picker)',
        querystring: RechargeCoinQuery,
        response: RechargeCoinResponse,
      }),
    },
    async (_req, reply) => reply.ok(deposits.rechargeCoins()),
  );

  app.get(
    '/asset/api/currency/get-deposit-address',
    {
      schema: schema({
        tags,
        summary:
          "The user's deposit address for a coin on a chain (allocated on first request, then always the same), with what its QR code encodes",
        querystring: DepositAddressQuery,
        response: DepositAddressResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.ok(await deposits.depositAddress(authOf(req).user.id, req.query.symbol, req.query.chain)),
  );

  app.get(
    '/asset/api/userrechange/get-addresses',
    {
      schema: schema({
        tags,
        summary:
          "For one coin: the user's deposit address on each available chain, and their saved (labelled) addresses",
        querystring: GetAddressesQuery,
        response: GetAddressesResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await deposits.addresses(authOf(req).user.id, req.query.symbol)),
  );

  app.post(
    '/asset/api/userrechange/create-address',
    {
      schema: schema({
        tags,
        summary: 'Save a labelled address the user sends deposits from, for a coin and chain (checked for the chain)',
        body: CreateAddressBody,
        response: SavedAddressResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await deposits.createSaved(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/userrechange/update-address',
    {
      schema: schema({
        tags,
        summary: "Change a saved address's label or address",
        body: UpdateAddressBody,
        response: SavedAddressResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await deposits.updateSaved(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/userrechange/delete-address',
    {
      schema: schema({ tags, summary: 'Delete a saved address', body: DeleteAddressBody, response: Ok, auth: true }),
    },
    async (req, reply) => {
      await deposits.deleteSaved(authOf(req).user.id, req.body.id);
      return reply.ok(null);
    },
  );

  app.post(
    '/asset/api/userrechange/insert',
    {
      schema: schema({
        tags,
        summary:
          'Tell us about a deposit sent in a transaction (kept once per transaction for support and the chain watcher; credits nothing)',
        body: DepositNoticeBody,
        response: DepositNoticeResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await deposits.notice(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/userrechange/dev-chain-send',
    {
      config: { rateLimit: { max: DEV_CHAIN_SENDS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: schema({
        tags,
        summary:
          "Development chain only: test USDT or ETH to the user's own deposit address on it, mined at once; credited by the deposit watcher once confirmed. Answers DEV_CHAIN_OFF on every other server",
        body: DevChainSendBody,
        response: DevChainSentResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await deposits.devChainSend(authOf(req).user.id, req.body)),
  );

  app.get(
    '/asset/api/userrechange/list',
    {
      schema: schema({
        tags,
        summary:
          'Deposit records of the account (typeUser), newest first: amount, credited quantity, number, channel, status, from, to, time',
        querystring: RechargeListQuery,
        response: RechargeListResponse,
        auth: true,
      }),
    },
    async (req, reply) => {
      const { page = 1, size = 20, symbol } = req.query;
      return reply.ok(
        await deposits.records(authOf(req).user.id, req.typeUser, {
          page,
          size,
          ...(symbol === undefined ? {} : { symbol }),
        }),
      );
    },
  );
};

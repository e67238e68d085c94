import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ContractCreateBody,
  ContractDetailQuery,
  ContractListQuery,
  ContractListResponse,
  ContractProductsQuery,
  ContractProductsResponse,
  ContractResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, moneyRequestOf } from '../../plugins/session';
import type { ContractService } from './service';
import type { ContractSettler } from './settlement';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seconds contracts: tests call `settler.settleDue()` themselves (MARKET_ENGINE=manual). */
    contracts: { service: ContractService; settler: ContractSettler };
  }
}

const tags = ['contracts'];

/**
 * Seconds contracts (docs/product.md §7 "Market and contracts"): crypto under transaction/api/contract, the
 * other markets under asset/api/forex/contract, with the same bodies and answers.
 */
export const contractRoutes: FastifyPluginAsync<{ service: ContractService }> = async (base, { service }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/transaction/api/contract/products',
    {
      schema: schema({
        tags,
        summary: 'Contract products: durations with payout rate, break-even win rate and stake limits',
        querystring: ContractProductsQuery,
        response: ContractProductsResponse,
      }),
    },
    async (req, reply) => reply.ok(await service.products(req.query.market)),
  );

  app.post(
    '/transaction/api/contract/create',
    {
      schema: schema({
        tags,
        summary: "Open a seconds contract on a crypto symbol at the server's last price (Idempotency-Key accepted)",
        body: ContractCreateBody,
        response: ContractResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await service.create(moneyRequestOf(req), 'crypto', req.body)),
  );

  app.get(
    '/transaction/api/contract/getContractList',
    {
      schema: schema({
        tags,
        summary: "The user's crypto contracts, newest first",
        querystring: ContractListQuery,
        response: ContractListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await service.list(authOf(req).user.id, req.typeUser, 'crypto', req.query)),
  );

  app.post(
    '/asset/api/forex/contract/create',
    {
      schema: schema({
        tags,
        summary:
          "Open a seconds contract on a forex, CFD, index and stock symbol at the server's last price (Idempotency-Key accepted)",
        body: ContractCreateBody,
        response: ContractResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await service.create(moneyRequestOf(req), 'forex', req.body)),
  );

  app.get(
    '/asset/api/forex/contract/getContractList',
    {
      schema: schema({
        tags,
        summary: "The user's forex, CFD, index and stock contracts, newest first",
        querystring: ContractListQuery,
        response: ContractListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await service.list(authOf(req).user.id, req.typeUser, 'forex', req.query)),
  );

  app.get(
    '/transaction/api/contract/detail',
    {
      schema: schema({
        tags,
        summary: 'One contract with the open and close ticks that decided it (read-only)',
        querystring: ContractDetailQuery,
        response: ContractResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await service.detail(authOf(req).user.id, req.typeUser, req.query.id)),
  );
};

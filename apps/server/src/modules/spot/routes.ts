import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  OpenOrderUserBody,
  SpotCancelBody,
  SpotDetailQuery,
  SpotHistoryQuery,
  SpotOrderBody,
  SpotOrderListResponse,
  SpotOrderResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, moneyRequestOf } from '../../plugins/session';
import type { SpotService } from './service';

const tags = ['spot'];

/** Spot orders, crypto against USDT, in the current mode's currency wallet (docs/trading.md); the matcher is a job (src/jobs.ts). */
export const spotRoutes: FastifyPluginAsync<{ spot: SpotService }> = async (base, { spot }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/transaction/api/spot/order',
    {
      schema: schema({
        tags,
        summary: 'Place a market or limit order (Idempotency-Key accepted)',
        body: SpotOrderBody,
        response: SpotOrderResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await spot.place(moneyRequestOf(req), req.body)),
  );

  app.post(
    '/transaction/api/spot/cancel',
    {
      schema: schema({
        tags,
        summary: 'Cancel an open limit order and release its funds (Idempotency-Key accepted)',
        body: SpotCancelBody,
        response: SpotOrderResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await spot.cancel(moneyRequestOf(req), req.body.orderId)),
  );

  app.post(
    '/api/market/openOrderUser',
    {
      schema: schema({
        tags,
        summary: 'Open spot orders, newest first',
        body: OpenOrderUserBody,
        response: SpotOrderListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await spot.list(authOf(req).user.id, req.typeUser, ['open'], req.body ?? {})),
  );

  app.get(
    '/transaction/api/spot/history',
    {
      schema: schema({
        tags,
        summary: 'Filled and cancelled spot orders, newest first',
        querystring: SpotHistoryQuery,
        response: SpotOrderListResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.ok(await spot.list(authOf(req).user.id, req.typeUser, ['filled', 'cancelled'], req.query)),
  );

  app.get(
    '/transaction/api/spot/detail',
    {
      schema: schema({
        tags,
        summary: 'One spot order of the current mode',
        querystring: SpotDetailQuery,
        response: SpotOrderResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await spot.detail(authOf(req).user.id, req.typeUser, req.query.id)),
  );
};

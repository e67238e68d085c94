import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CurrencyBuyBody,
  CurrencySellBody,
  ExchangeInfoResponse,
  FlashExchangeBody,
  OtcTradeResponse,
  TradingRecordBody,
  TradingRecordResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, moneyRequestOf } from '../../plugins/session';
import type { OtcService } from './service';

const tags = ['otc'];

/** OTC instant exchange: quote, buy, sell, flash, records (docs/product.md §7 "Accounts, assets, OTC"). */
export const otcRoutes: FastifyPluginAsync<{ otc: OtcService }> = async (base, { otc }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/asset/exchangeInfo',
    {
      schema: schema({
        tags,
        summary: 'Buy and sell rates of every coin in USDT, under a quote id valid for a short time',
        response: ExchangeInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await otc.exchangeInfo(authOf(req).user.id, req.typeUser)),
  );

  app.post(
    '/asset/api/asset/currencyBuy',
    {
      schema: schema({
        tags,
        summary: 'Buy a coin with USDT at a quote (Idempotency-Key accepted)',
        body: CurrencyBuyBody,
        response: OtcTradeResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await otc.buy(moneyRequestOf(req), req.body)),
  );

  app.post(
    '/asset/api/asset/currencySell',
    {
      schema: schema({
        tags,
        summary: 'Sell a coin for USDT at a quote (Idempotency-Key accepted)',
        body: CurrencySellBody,
        response: OtcTradeResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await otc.sell(moneyRequestOf(req), req.body)),
  );

  app.post(
    '/asset/api/asset/flashExchange',
    {
      schema: schema({
        tags,
        summary: 'Exchange one coin for another at a quote (Idempotency-Key accepted)',
        body: FlashExchangeBody,
        response: OtcTradeResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await otc.flash(moneyRequestOf(req), req.body)),
  );

  app.post(
    '/asset/api/asset/tradingRecord',
    {
      schema: schema({
        tags,
        summary: 'OTC trades, newest first',
        body: TradingRecordBody,
        response: TradingRecordResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.ok(await otc.records(authOf(req).user.id, req.typeUser, req.body?.page ?? 1, req.body?.size ?? 20)),
  );
};

import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type Banner,
  BannerListResponse,
  BannerQuery,
  CheckTradingTimeQuery,
  CheckTradingTimeResponse,
  DEPTH_DEFAULT_LEVELS,
  DepthQuery,
  DepthResponse,
  FavoriteBody,
  FavoriteListResponse,
  InitForestDataResponse,
  InstrumentListResponse,
  IsFavoriteResponse,
  KlineQuery,
  KlineResponse,
  MarketPriceQuery,
  Ok,
  SearchQuery,
  TRADES_MAX,
  TickerListQuery,
  TickerListResponse,
  TradesQuery,
  TradesResponse,
  TypeQuery,
  instrumentsOfType,
  type HeaderLang,
} from '@app/contract';
import { schema } from '../../lib/route';
import { sendText, serializedText, successBody } from '../../plugins/envelope';
import { authOf } from '../../plugins/session';
import type { MarketModule } from './market-module';
import { instrumentInfo, instrumentOrThrow } from './service';

const tags = ['market'];

/**
 * Market data over HTTP (docs/product.md §7 "Market and contracts", "Favourites", banners, trading time)
 * and the market websocket. The engine is a job (src/jobs.ts "market engine"): with
 * MARKET_ENGINE=timers it runs as work of the engine role, and with a cluster bus the process
 * follows the engine elsewhere meanwhile (docs/market-data.md "Engine and followers"); with manual,
 * whoever built the app drives it. The module stops with the app.
 */
export const marketRoutes: FastifyPluginAsync<{
  market: MarketModule;
  /** Banners after the shipped ones: published posts with an image (the content module's homeBanners). */
  moreBanners?: (lang: HeaderLang, position: 'home' | 'quote' | undefined) => Promise<Banner[]>;
}> = async (base, { market, moreBanners }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const svc = market.service;

  // Tickers, depth and the latest candles: serialised once per engine change, not per request.
  const snapshots = market.snapshots;
  /** Sends the cached envelope text; built with the route's own serialiser, so the bytes are those reply.ok would send. */
  const sendSnapshot = async (reply: FastifyReply, key: string, data: () => unknown | Promise<unknown>) => {
    const body = await snapshots.get(key, async () => serializedText(reply, successBody(await data())));
    return sendText(reply, body);
  };

  /** A read of one symbol's newest `limit` (depth, trades): one cached answer per symbol and limit. */
  const perSymbol =
    (kind: string, defaultLimit: number, read: (symbol: string, limit: number) => unknown) =>
    async (req: { query: { symbol: string; limit?: number | undefined } }, reply: FastifyReply) => {
      const symbol = instrumentOrThrow(req.query.symbol).symbol;
      const limit = req.query.limit ?? defaultLimit;
      return sendSnapshot(reply, `${kind}:${symbol}:${limit}`, () => read(symbol, limit));
    };

  app.addHook('preClose', async () => market.prepareClose());
  app.addHook('onClose', async () => market.close());

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, req) => market.hub.accept(socket, req.raw));

  app.get(
    '/api/market/initForestData',
    {
      schema: schema({
        tags,
        summary: "Every market with its tickers (the quote page's first load)",
        response: InitForestDataResponse,
      }),
    },
    async (_req, reply) => reply.ok(svc.initForestData()),
  );

  app.get(
    '/api/market/getMarketPrice',
    {
      schema: schema({
        tags,
        summary: 'Latest tickers: one symbol, or all',
        querystring: MarketPriceQuery,
        response: TickerListResponse,
      }),
    },
    async (req, reply) =>
      reply.ok(req.query.symbol ? [svc.ticker(instrumentOrThrow(req.query.symbol))] : svc.tickers()),
  );

  app.get(
    '/api/market/byTypeGetMarketPrice',
    {
      schema: schema({
        tags,
        summary: 'Latest tickers of one type (FOREX, CFD, CRYPTO, INDIES, STOCK, SPOT, CONTRACT)',
        querystring: TypeQuery,
        response: TickerListResponse,
      }),
    },
    async (req, reply) => sendSnapshot(reply, `byType:${req.query.type}`, () => svc.tickers(req.query.type)),
  );

  app.get(
    '/api/market/byTypeDepthUpdate',
    {
      schema: schema({
        tags,
        summary: 'Order-book depth of a symbol (synthesised by the simulator, relayed from Binance)',
        querystring: DepthQuery,
        response: DepthResponse,
      }),
    },
    perSymbol('depth', DEPTH_DEFAULT_LEVELS, (symbol, limit) => svc.depth(symbol, limit)),
  );

  app.get(
    '/api/market/trades',
    {
      schema: schema({
        tags,
        summary: 'Recent trades of a symbol, newest first (every price tick is a trade; at most 50, kept in memory)',
        querystring: TradesQuery,
        response: TradesResponse,
      }),
    },
    perSymbol('trades', TRADES_MAX, (symbol, limit) => svc.trades(symbol, limit)),
  );

  app.get(
    '/api/market/getTickerList',
    {
      schema: schema({
        tags,
        summary: 'Tickers with 24 h statistics; sort=change&order=desc is the rise ranking',
        querystring: TickerListQuery,
        response: TickerListResponse,
      }),
    },
    async (req, reply) => {
      const { type, sort, order } = req.query;
      return sendSnapshot(reply, `tickers:${type ?? ''}:${sort ?? ''}:${order ?? ''}`, () =>
        svc.tickers(type, sort, order),
      );
    },
  );

  app.get(
    '/api/market/getListForestCurrency',
    {
      schema: schema({
        tags,
        summary: 'Instruments of the forex-contract markets (FOREX, CFD, INDIES, STOCK)',
        response: InstrumentListResponse,
      }),
    },
    async (_req, reply) =>
      reply.ok((['FOREX', 'CFD', 'INDIES', 'STOCK'] as const).flatMap((m) => instrumentsOfType(m)).map(instrumentInfo)),
  );

  app.get(
    '/api/market/getListCurrencyByType',
    {
      schema: schema({
        tags,
        summary: 'Instruments of one type',
        querystring: TypeQuery,
        response: InstrumentListResponse,
      }),
    },
    async (req, reply) => reply.ok(instrumentsOfType(req.query.type).map(instrumentInfo)),
  );

  app.get(
    '/api/market/kline',
    {
      schema: schema({
        tags,
        summary: 'Candle history for charts (at most 1000; the last may be live)',
        querystring: KlineQuery,
        response: KlineResponse,
      }),
    },
    async (req, reply) => {
      const q = req.query;
      // The latest window (no from/to) is what charts poll; an explicit range is read each time.
      if (q.from !== undefined || q.to !== undefined) return reply.ok(await svc.kline(q.symbol, q.interval, q));
      const symbol = instrumentOrThrow(q.symbol).symbol;
      return sendSnapshot(reply, `kline:${symbol}:${q.interval}:${q.limit ?? ''}`, () =>
        svc.kline(symbol, q.interval, q),
      );
    },
  );

  app.get(
    '/api/market/search',
    {
      schema: schema({
        tags,
        summary: 'Search every market by symbol or name',
        querystring: SearchQuery,
        response: TickerListResponse,
      }),
    },
    async (req, reply) => reply.ok(svc.search(req.query.q, req.query.limit)),
  );

  app.get(
    '/asset/api/forex/contract/checkTradingTime',
    {
      schema: schema({
        tags,
        summary: "Whether the symbol's market is open, and its next opening and closing",
        querystring: CheckTradingTimeQuery,
        response: CheckTradingTimeResponse,
      }),
    },
    async (req, reply) => reply.ok(svc.tradingTime(req.query.symbol)),
  );

  app.get(
    '/asset/api/banner/list',
    {
      schema: schema({
        tags,
        summary: 'Banners, titles in the request language',
        querystring: BannerQuery,
        response: BannerListResponse,
      }),
    },
    async (req, reply) => {
      const shipped = svc.banners(req.lang, req.query.position);
      // The posts' banners are extra: if they cannot be read, the shipped ones still answer.
      const more = moreBanners
        ? await moreBanners(req.lang, req.query.position).catch((err: unknown) => {
            req.log.warn({ err }, 'news banners not read');
            return [];
          })
        : [];
      return reply.ok([...shipped, ...more]);
    },
  );

  app.register(async (authed: FastifyInstance) => {
    const r = authed.withTypeProvider<TypeBoxTypeProvider>();
    const favTags = ['favorite'];

    r.post(
      '/asset/api/favorite/list',
      {
        schema: schema({
          tags: favTags,
          summary: 'Your favourites with their tickers, in the order added',
          response: FavoriteListResponse,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await svc.favorites(authOf(req).user.id)),
    );

    r.post(
      '/asset/api/favorite/isFavorite',
      {
        schema: schema({
          tags: favTags,
          summary: 'Whether a symbol is one of your favourites',
          body: FavoriteBody,
          response: IsFavoriteResponse,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await svc.isFavorite(authOf(req).user.id, req.body.symbol)),
    );

    r.post(
      '/asset/api/favorite/insert',
      {
        schema: schema({
          tags: favTags,
          summary: 'Add a favourite (idempotent)',
          body: FavoriteBody,
          response: Ok,
          auth: true,
        }),
      },
      async (req, reply) => {
        await svc.addFavorite(authOf(req).user.id, req.body.symbol);
        return reply.ok(null);
      },
    );

    r.post(
      '/asset/api/favorite/delete',
      {
        schema: schema({
          tags: favTags,
          summary: 'Remove a favourite (idempotent)',
          body: FavoriteBody,
          response: Ok,
          auth: true,
        }),
      },
      async (req, reply) => {
        await svc.removeFavorite(authOf(req).user.id, req.body.symbol);
        return reply.ok(null);
      },
    );
  });
};

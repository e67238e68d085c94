/**
 * The market-data module as other modules and the app see it: the engine (quotes, candles, tick
 * history), the websocket hub, the HTTP service, and the few calls other modules make.
 */
import { WS_TRADES_PER_MESSAGE, type WsServerMessage } from '@app/contract';
import type { AppContext } from '../../context';
import { BinanceSource } from './binance';
import { InProcessBus, type MarketBus } from './bus';
import { MarketEngine, type EngineOptions } from './engine';
import type { Quote, RecordedTick } from './engine-state';
import { MarketService } from './service';
import { SnapshotCache } from './snapshot-cache';
import { MarketHub, type HubOptions } from './ws-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market-data module: engine, websocket hub, service (tests drive the engine through it). */
    market: MarketModule;
  }
}

/** Who a websocket token belongs to (the auth module's sessions; market needs nothing else of it). */
export interface TokenAuthenticator {
  authenticate(token: string | undefined): Promise<{ user: { id: number } }>;
}

/** The parts of market data, built once per app. */
export class MarketModule {
  readonly bus: MarketBus;
  readonly engine: MarketEngine;
  readonly service: MarketService;
  readonly hub: MarketHub;
  /** Serialised market reads, valid while the engine is unchanged (snapshot-cache.ts). */
  readonly snapshots: SnapshotCache;

  constructor(readonly ctx: AppContext, sessions: TokenAuthenticator, opts: { engine?: EngineOptions; hub?: Partial<HubOptions>; bus?: MarketBus } = {}) {
    const config = ctx.config.market;
    this.bus = opts.bus ?? new InProcessBus((err) => ctx.log.error({ err }, 'market bus handler failed'));
    this.engine = new MarketEngine(ctx, this.bus, config, opts.engine);
    this.engine.binanceFactory = (symbols) => new BinanceSource({ url: config.binanceWsUrl, symbols, staleAfterMs: config.binanceStaleMs, log: ctx.log });
    this.service = new MarketService(ctx, this.engine);
    this.snapshots = new SnapshotCache(() => this.engine.version, () => ctx.clock.now().getTime());
    this.hub = new MarketHub({
      bus: this.bus,
      authenticate: async (token) => (await sessions.authenticate(token)).user.id,
      snapshot: (topic) => this.snapshot(topic),
      now: () => ctx.clock.now().getTime(),
      log: ctx.log,
    }, { flushMs: config.wsFlushMs, heartbeatMs: config.wsHeartbeatMs, maxConnections: config.wsMaxConnections, ...opts.hub });
    this.engine.depthWatched = (symbol) => this.hub.watched(`depth:${symbol}`);
  }

  /** The latest quote of a symbol (undefined before its first price). */
  latest(symbol: string): Quote | undefined {
    return this.engine.latest(symbol);
  }

  /** The tick in force at `atMs`, from stored data only: the same answer every time (settlement). */
  tickAtOrBefore(symbol: string, atMs: number): Promise<RecordedTick | null> {
    return this.engine.tickAtOrBefore(symbol, atMs);
  }

  /**
   * Sends an event to every open-orders subscription of a user (in every process, once the bus
   * is shared): the trading module calls this when an order changes.
   */
  publishToUser(userId: number, event: unknown): void {
    this.bus.publish({ type: 'user', userId, event });
  }

  private snapshot(topic: string): WsServerMessage | undefined {
    const [kind, symbol, interval] = topic.split(':') as [string, string, string | undefined];
    if (kind === 'ticker') {
      const t = this.engine.wsTick(symbol);
      return t && { eventType: 'ticker', data: t };
    }
    if (kind === 'depth') {
      const d = this.engine.wsDepth(symbol);
      return d && { eventType: 'depth', data: d };
    }
    if (kind === 'trades') {
      const r = this.engine.recentTrades(symbol, WS_TRADES_PER_MESSAGE);
      return r && { eventType: 'trades', data: r };
    }
    if (kind === 'kline' && interval) {
      const k = this.engine.wsKline(symbol, interval as never);
      return k && { eventType: 'kline', data: k };
    }
    return undefined;
  }

  async close(): Promise<void> {
    this.hub.close();
    await this.engine.stop();
  }
}


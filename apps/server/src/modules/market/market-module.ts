/**
 * The market-data module as other modules and the app see it: the engine (quotes, candles, tick
 * history), the websocket hub, the HTTP service, and the few calls other modules make.
 */
import { WS_TRADES_PER_MESSAGE, type WsServerMessage } from '@app/contract';
import type { AppContext } from '../../context';
import { LocalBus, type ClusterBus, type RoleWork } from '../cluster';
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

  /**
   * The cluster bus when this process follows the engine of another one (docs/market-data.md
   * "Engine and followers"); undefined with one process.
   */
  readonly followBus: ClusterBus | undefined;
  /** The bus the users' order events come over (opts.cluster, or one of its own in this process). */
  readonly users: ClusterBus;
  /** The engine work of the engine role, with its timers (a real server): see `roleWork`. */
  readonly engineWork: RoleWork;
  private closing = false;

  constructor(
    readonly ctx: AppContext,
    sessions: TokenAuthenticator,
    opts: {
      engine?: EngineOptions;
      hub?: Partial<HubOptions>;
      bus?: MarketBus;
      /** The bus between processes: the engine's inputs go to the followers over it. */
      cluster?: ClusterBus;
      /** Whether there are followers to feed (default: the cluster bus crosses processes, kind 'nats'; tests set it for a LocalBus). */
      followers?: boolean;
    } = {},
  ) {
    const config = ctx.config.market;
    this.bus = opts.bus ?? new InProcessBus((err) => ctx.log.error({ err }, 'market bus handler failed'));
    this.engine = new MarketEngine(ctx, this.bus, config, opts.engine);
    this.users = opts.cluster ?? new LocalBus((err) => ctx.log.error({ err }, 'user event handler failed'));
    this.followBus = opts.cluster && (opts.followers ?? opts.cluster.kind === 'nats') ? opts.cluster : undefined;
    this.engine.feedBus = this.followBus;
    this.engineWork = this.roleWork({ timers: true });
    this.engine.binanceFactory = (symbols) =>
      new BinanceSource({
        url: config.binanceWsUrl,
        restUrl: config.binanceRestUrl,
        symbols,
        staleAfterMs: config.binanceStaleMs,
        log: ctx.log,
      });
    this.service = new MarketService(ctx, this.engine);
    this.snapshots = new SnapshotCache(
      () => this.engine.version,
      () => ctx.clock.now().getTime(),
    );
    this.hub = new MarketHub(
      {
        bus: this.bus,
        users: this.users,
        authenticate: async (token) => (await sessions.authenticate(token)).user.id,
        snapshot: (topic) => this.snapshot(topic),
        now: () => ctx.clock.now().getTime(),
        log: ctx.log,
      },
      {
        flushMs: config.wsFlushMs,
        heartbeatMs: config.wsHeartbeatMs,
        maxConnections: config.wsMaxConnections,
        ...opts.hub,
      },
    );
    // An engine with followers refreshes every book: their clients watch too.
    this.engine.depthWatched = (symbol) => this.engine.teeing || this.hub.watched(`depth:${symbol}`);
  }

  /**
   * The market engine as work of the engine role: start() stops following and starts the engine
   * (recovery continues the stored series); stop() stops it and, with followers, follows the new
   * engine. `timers: false` leaves pumping to the caller (tests).
   */
  roleWork({ timers }: { timers: boolean }): RoleWork {
    return {
      start: async () => {
        if (!this.closing) await this.engine.start({ timers });
      },
      stop: async () => {
        await this.engine.stop();
        if (!this.closing) await this.follow();
      },
    };
  }

  /** With a cluster bus: follows the engine of another process (a no-op while this one is the engine). */
  async follow(): Promise<void> {
    if (this.followBus && !this.closing) await this.engine.follow(this.followBus);
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
   * Sends an event to every open-orders subscription of a user, in every process, WITHOUT an
   * outbox row (tests, tools): money commands write their events to the outbox and publish them
   * on the cluster bus themselves (ledger/outbox.ts). A random negative id stands for the row's.
   */
  publishToUser(userId: number, event: unknown): Promise<void> {
    return this.users.publishUserEvent({ outboxId: -1 - Math.floor(Math.random() * 2 ** 48), userId, event });
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

  /** The app is closing: the engine role's stop no longer turns this process into a follower. */
  prepareClose(): void {
    this.closing = true;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.hub.close();
    await this.engine.stop();
  }
}

import { int, oneOf, optionalInt, url, type Env } from '../lib/env';

/** Settings of the market-data module. */
export interface MarketConfig {
  /** Where prices come from: the simulator, or Binance's public stream for crypto (the rest stays simulated). */
  feed: 'simulator' | 'binance';
  /** timers: the engine starts when the database is ready and runs on timers; manual: tests drive it. */
  engine: 'timers' | 'manual';
  /** Simulator seed (32-bit). Unset: one is generated on first start and stored. */
  seed: number | undefined;
  /** Days of history generated on the first start. */
  backfillDays: number;
  /**
   * Unset: the simulator's order book is recomputed on a tick, at most every 250 ms. Set: it is
   * also refreshed every this many milliseconds between ticks (a few levels' sizes change), for
   * benchmarks and demos of a busy book (npm run bench:desktop-fps).
   */
  simDepthMs: number | undefined;
  /** Days raw ticks (real feeds) are kept. */
  tickRetentionDays: number;
  binanceWsUrl: string;
  /** Binance's REST API, where each symbol's tick size is read at start (exchangeInfo PRICE_FILTER). */
  binanceRestUrl: string;
  /** No message for this long marks Binance quotes stale and reconnects. */
  binanceStaleMs: number;
  /** How often queued websocket updates are flushed (coalesced) to clients. */
  wsFlushMs: number;
  /** Ping interval; a connection that missed one pong is closed. */
  wsHeartbeatMs: number;
  wsMaxConnections: number;
}

export function loadMarketConfig(env: Env): MarketConfig {
  return {
    feed: oneOf(env, 'PRICE_FEED', ['simulator', 'binance'] as const, 'simulator'),
    engine: oneOf(env, 'MARKET_ENGINE', ['timers', 'manual'] as const, 'timers'),
    seed: optionalInt(env, 'MARKET_SEED', 0, 0xffffffff),
    backfillDays: int(env, 'MARKET_BACKFILL_DAYS', 30, 0, 366),
    simDepthMs: optionalInt(env, 'MARKET_SIM_DEPTH_MS', 20, 10_000),
    tickRetentionDays: int(env, 'MARKET_TICK_RETENTION_DAYS', 7, 1, 3650),
    binanceWsUrl: url(env, 'BINANCE_WS_URL', ['wss', 'ws'], 'wss://stream.binance.com:9443/stream'),
    binanceRestUrl: url(env, 'BINANCE_REST_URL', ['https', 'http'], 'https://api.binance.com'),
    binanceStaleMs: int(env, 'BINANCE_STALE_SECONDS', 10, 1, 3600) * 1000,
    wsFlushMs: int(env, 'WS_FLUSH_MS', 30, 1, 1000),
    wsHeartbeatMs: int(env, 'WS_HEARTBEAT_MS', 20_000, 100, 600_000),
    wsMaxConnections: int(env, 'WS_MAX_CONNECTIONS', 10_000, 1, 1_000_000),
  };
}

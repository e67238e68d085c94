/**
 * The shapes the market publishes (websocket and HTTP): tickers, live candles, depth and trades as
 * decimal strings with each instrument's decimals, from the engine's integer state.
 */
import {
  formatAmount,
  type CandleInterval,
  type Depth,
  type Instrument,
  type RecentTrades,
  type Trade,
  type WsKline,
  type WsTick,
} from '@app/contract';
import type { Agg } from './candles';
import type { EngineState } from './engine-state';
import { syntheticDepth, type DepthUnits } from './pricing';
import type { TradeUnits } from './recent-trades';
import { statsWithLive, type Stats24hView } from './stats-24h';

export function formatCandle(inst: Instrument, c: Agg) {
  const d = inst.priceDecimals;
  const f = (u: number) => formatAmount(BigInt(u), d);
  return {
    openTime: c.openTime,
    open: f(c.open),
    high: f(c.high),
    low: f(c.low),
    close: f(c.close),
    volume: formatAmount(c.volume, inst.amountDecimals),
    quoteVolume: formatAmount(c.quoteVolume, d + inst.amountDecimals, 2),
    trades: c.trades,
  };
}

export function formatDepth(inst: Instrument, d: DepthUnits, limit?: number): Depth {
  const level = ([p, a]: [number, number]): [string, string] => [
    formatAmount(BigInt(p), inst.priceDecimals),
    formatAmount(BigInt(a), inst.amountDecimals),
  ];
  return {
    symbol: inst.symbol,
    bids: d.bids.slice(0, limit).map(level),
    asks: d.asks.slice(0, limit).map(level),
    time: d.time,
  };
}

export function formatTrade(inst: Instrument, t: TradeUnits): Trade {
  return {
    id: t.id,
    price: formatAmount(BigInt(t.price), inst.priceDecimals),
    amount: formatAmount(BigInt(t.amount), inst.amountDecimals),
    side: t.side,
    time: t.time,
  };
}

/** Reads the engine state as published messages. */
export class MarketMessages {
  constructor(private readonly state: EngineState) {}

  /** 24 h statistics including the live minute. */
  stats(symbol: string): Stats24hView {
    const st = this.state.of(symbol);
    return statsWithLive(st.stats, st.book.current.get('1m'), this.state.now());
  }

  depthOf(symbol: string): DepthUnits | undefined {
    const st = this.state.symbols.get(symbol);
    if (!st) return undefined;
    // A real feed's depth is relayed or absent, never invented.
    if (!st.depth && st.quote && (st.source?.regenerable ?? true))
      st.depth = syntheticDepth(st.inst, this.state.seed, st.quote.bid, st.quote.ask, st.quote.time);
    return st.depth;
  }

  wsTick(symbol: string): WsTick | undefined {
    const st = this.state.symbols.get(symbol);
    const q = st?.quote;
    if (!st || !q) return undefined;
    const d = st.inst.priceDecimals;
    const s = this.stats(symbol);
    const p = (u: number | undefined) => (u === undefined ? null : formatAmount(BigInt(u), d));
    const change = s.open === undefined ? null : BigInt(q.price - s.open);
    return {
      symbol,
      price: p(q.price)!,
      bid: p(q.bid)!,
      ask: p(q.ask)!,
      change24h: change === null ? null : formatAmount(change, d),
      changePercent24h: change === null || !s.open ? null : formatAmount((change * 10_000n) / BigInt(s.open), 2),
      high24h: p(s.high),
      low24h: p(s.low),
      volume24h: formatAmount(s.volume, st.inst.amountDecimals),
      quoteVolume24h: formatAmount(s.quoteVolume, d + st.inst.amountDecimals, 2),
      time: q.time,
      stale: q.stale,
      complete24h: s.complete,
    };
  }

  wsKline(symbol: string, interval: CandleInterval): WsKline | undefined {
    const st = this.state.symbols.get(symbol);
    const c = st?.book.current.get(interval);
    if (!st || !c) return undefined;
    return { symbol, interval, ...formatCandle(st.inst, c), closed: false };
  }

  wsDepth(symbol: string, limit?: number): Depth | undefined {
    const st = this.state.symbols.get(symbol);
    const d = this.depthOf(symbol);
    if (!st || !d) return undefined;
    return formatDepth(st.inst, d, limit);
  }

  /** The newest `limit` trades, newest first (none before the first tick). */
  recentTrades(symbol: string, limit?: number): RecentTrades | undefined {
    const st = this.state.symbols.get(symbol);
    if (!st) return undefined;
    return { symbol, trades: st.trades.list(limit).map((t) => formatTrade(st.inst, t)) };
  }

  publishTick(symbol: string): void {
    const tick = this.wsTick(symbol);
    if (tick) this.state.bus.publish({ type: 'tick', symbol, tick });
  }

  publishTrade(symbol: string, trade: TradeUnits): void {
    this.state.bus.publish({ type: 'trade', symbol, trade: formatTrade(this.state.of(symbol).inst, trade) });
  }

  publishKline(symbol: string, interval: CandleInterval): void {
    const kline = this.wsKline(symbol, interval);
    if (kline) this.state.bus.publish({ type: 'kline', symbol, interval, kline });
  }

  publishDepth(symbol: string): void {
    const depth = this.wsDepth(symbol);
    if (depth) this.state.bus.publish({ type: 'depth', symbol, depth });
  }
}

/**
 * Ingestion: what the price sources report becomes the latest quote, the live candles, depth
 * and the 24 h statistics of each instrument, is published on the bus, and is handed to storage
 * (finished minutes; every raw tick of a real feed).
 */
import { CANDLE_INTERVALS } from '@app/contract';
import type { Agg } from './candles';
import { MINUTE_MS, minuteAgg, simRow, type EngineState, type SymbolState } from './engine-state';
import type { LiveStorage } from './live-storage';
import type { TradeUnits } from './recent-trades';
import type { PriceSink, SourceTick } from './price-source';
import { bidAsk, refreshedDepth, syntheticDepth } from './pricing';
import type { MinuteTicks } from './simulator';
import { addClosedMinute } from './stats-24h';
import type { MarketMessages } from './ws-messages';

/** A real feed's trade may arrive a little after its minute ended; the 1m candle waits this long. */
const LATE_TICK_GRACE_MS = 2000;
/** The simulator recomputes its synthetic depth at most this often per symbol (real feeds relay theirs). */
const DEPTH_EVERY_MS = 250;

/** Where the feed hands what is to be stored: the engine's LiveStorage; a follower's stores nothing. */
export type FeedStorage = Pick<LiveStorage, 'bufferTick' | 'bufferMinute'>;

/** A follower's storage: the engine alone writes market tables. */
export const NO_STORAGE: FeedStorage = { bufferTick: () => true, bufferMinute: () => undefined };

export class LiveFeed implements PriceSink {
  constructor(
    private readonly state: EngineState,
    private readonly storage: FeedStorage,
    private readonly messages: MarketMessages,
  ) {}

  /** Returns the trade the tick made (undefined: dropped as late); `tradeId` is the engine's, on a follower. */
  tick(t: SourceTick, tradeId?: number): TradeUnits | undefined {
    const st = this.state.symbols.get(t.symbol);
    if (!st || st.book.isLate(t)) return undefined;
    const inst = st.inst;
    const regenerable = st.source?.regenerable ?? false;
    // The recent-trades feed; before the quote changes: the first trade's tick rule compares with the last known price.
    const trade = st.trades.add(t, st.quote && { price: st.quote.price, side: 'buy' }, tradeId);
    // A real feed's own best bid/ask (bookTicker) wins; without one, the catalogue spread.
    const book = !regenerable && st.quote?.hasBook ? st.quote : bidAsk(inst, t.price);
    st.quote = {
      price: t.price,
      bid: book.bid,
      ask: book.ask,
      time: t.time,
      tickTime: t.time,
      source: st.source?.name ?? 'unknown',
      stale: false,
      hasBook: !regenerable && !!st.quote?.hasBook,
    };
    const finished = st.book.add(t);
    // Simulator minutes are closed by onSimMinute, with their generator state.
    if (finished && !regenerable) this.closeRealMinute(st, finished);
    if (st.source && !regenerable) {
      const seq = (st.seq + 1) % 2_000_000_000;
      const row = {
        symbol: t.symbol,
        time: t.time,
        seq,
        price: t.price,
        amount: t.amount,
        bid: book.bid,
        ask: book.ask,
        source: st.source.name,
        externalId: t.externalId ?? null,
      };
      if (this.storage.bufferTick(row)) st.seq = seq;
    }
    this.messages.publishTick(t.symbol);
    this.messages.publishTrade(t.symbol, trade);
    for (const interval of CANDLE_INTERVALS) this.messages.publishKline(t.symbol, interval);
    if (regenerable && t.time - st.depthAt >= DEPTH_EVERY_MS) {
      st.depthAt = t.time;
      st.depth = syntheticDepth(inst, this.state.seed, book.bid, book.ask, t.time);
      this.messages.publishDepth(t.symbol);
    }
    return trade;
  }

  /**
   * With MARKET_SIM_DEPTH_MS: once per step of that many milliseconds, the book of each open
   * simulated instrument that a client watches gets a few new sizes (pricing.refreshedDepth), as a real book changes between trades.
   * Returns the symbols whose book changed.
   */
  refreshDepths(nowMs: number): string[] {
    const every = this.state.config.simDepthMs;
    const refreshed: string[] = [];
    if (every === undefined) return refreshed;
    for (const st of this.state.symbols.values()) {
      // One refresh per step of `every` ms (a pump a little early or late still makes its step).
      if (
        !st.depth ||
        !st.quote ||
        st.quote.stale ||
        !st.source?.regenerable ||
        Math.floor(nowMs / every) === Math.floor(st.depthAt / every)
      )
        continue;
      // Its market is closed, or no one watches its book.
      if (!this.state.sim?.currentMinute(st.inst.symbol) || !this.state.depthWatched(st.inst.symbol)) continue;
      const { bid, ask } = st.quote;
      // The price moved since the book was made: a new book around it, else a few new sizes.
      const moved = st.depth.bids[0]?.[0] !== bid || st.depth.asks[0]?.[0] !== ask;
      st.depthAt = nowMs;
      st.depth = moved
        ? syntheticDepth(st.inst, this.state.seed, bid, ask, nowMs)
        : refreshedDepth(st.inst, this.state.seed, st.depth, nowMs, every);
      this.messages.publishDepth(st.inst.symbol);
      refreshed.push(st.inst.symbol);
    }
    return refreshed;
  }

  book(symbol: string, bid: number, ask: number, time: number): void {
    const st = this.state.symbols.get(symbol);
    if (!st || bid <= 0 || ask <= 0 || bid > ask) return;
    const price = st.quote?.price ?? Math.round((bid + ask) / 2);
    st.quote = {
      price,
      bid,
      ask,
      time: Math.max(time, st.quote?.time ?? 0),
      ...(st.quote?.tickTime !== undefined ? { tickTime: st.quote.tickTime } : {}),
      source: st.source?.name ?? 'unknown',
      stale: false,
      hasBook: true,
    };
    this.messages.publishTick(symbol);
  }

  depth(symbol: string, bids: [number, number][], asks: [number, number][], time: number): void {
    const st = this.state.symbols.get(symbol);
    if (!st) return;
    st.depth = { bids, asks, time };
    st.depthAt = time;
    this.messages.publishDepth(symbol);
  }

  stale(symbols: readonly string[], stale: boolean): void {
    for (const s of symbols) {
      const st = this.state.symbols.get(s);
      if (!st?.quote || st.quote.stale === stale) continue;
      st.quote.stale = stale;
      this.messages.publishTick(s);
    }
  }

  /** The simulator finished a minute: its candle is stored with the generator state at its start. */
  onSimMinute(symbol: string, m: MinuteTicks): void {
    this.storage.bufferMinute(simRow(symbol, m));
    this.closeSimMinute(symbol, minuteAgg(m));
  }

  /**
   * A simulator minute ended (on a follower: the engine said so). A minute the 24 h statistics
   * already hold (read from the database as a follower started) is not added again.
   */
  closeSimMinute(symbol: string, agg: Agg): void {
    const st = this.state.of(symbol);
    const last = st.stats.minutes.at(-1);
    if (!last || last.openTime < agg.openTime) addClosedMinute(st.stats, agg);
    st.book.closeMinuteIfBefore(agg.openTime + MINUTE_MS);
  }

  /** Real feeds: a minute without a tick in the next one is closed by the pump. Returns whether one was. */
  closeQuietMinutes(nowMs: number): boolean {
    const minuteStart = Math.floor((nowMs - LATE_TICK_GRACE_MS) / MINUTE_MS) * MINUTE_MS;
    let closed = false;
    for (const st of this.state.symbols.values()) {
      if (!st.source || st.source.regenerable) continue;
      const done = st.book.closeMinuteIfBefore(minuteStart);
      if (done) {
        this.closeRealMinute(st, done);
        closed = true;
      }
    }
    return closed;
  }

  private closeRealMinute(st: SymbolState, agg: Agg): void {
    addClosedMinute(st.stats, agg);
    this.storage.bufferMinute({
      symbol: st.inst.symbol,
      interval: '1m',
      ...agg,
      source: st.source?.name ?? 'unknown',
      genRef: null,
      genVersion: null,
    });
  }
}

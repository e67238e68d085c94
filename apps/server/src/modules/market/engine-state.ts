/**
 * What the parts of the market engine share: the in-memory state of every instrument and the
 * few helpers that turn stored simulator minutes back into ticks. The parts (live feed, storage,
 * history, backfill, tick history, websocket messages) each hold this object, not each other.
 */
import { INSTRUMENTS, INTERVAL_MS, type Instrument } from '@app/contract';
import type { AppContext } from '../../context';
import type { MarketBus } from './bus';
import { CandleBook, type Agg } from './candles';
import type { MarketConfig } from './config';
import type { PriceSource } from './price-source';
import type { DepthUnits } from './pricing';
import { TradeRing } from './recent-trades';
import type { CandleRow } from './repository';
import { GENERATOR_VERSION, generateMinute, minuteCandle, simParamsOf, type MinuteTicks } from './simulator';
import type { SimulatorSource } from './simulator-source';
import { newStats, type Stats24h } from './stats-24h';

export const MINUTE_MS = INTERVAL_MS['1m'];
/** "Any time": year 2286, still a valid timestamp in PostgreSQL and in JavaScript. */
export const FAR_FUTURE_MS = 10_000_000_000_000;

export type TickSource = 'simulator' | 'binance' | string;

/** A tick as stored or regenerated: the answer of tickAtOrBefore. */
export interface RecordedTick {
  symbol: string;
  time: number;
  /** Decimal string with the instrument's price decimals. */
  price: string;
  priceUnits: number;
  source: TickSource;
}

export interface Quote {
  price: number;
  bid: number;
  ask: number;
  /** Time of the last change: a tick, or a new best bid/ask. */
  time: number;
  /**
   * Time of the trade tick that set `price` (what trading records as a deciding tick); absent
   * while the price is only the middle of a real feed's first bid and ask.
   */
  tickTime?: number;
  source: string;
  stale: boolean;
  /** bid/ask come from the feed's book, not from the catalogue spread. */
  hasBook?: boolean;
}

export interface SymbolState {
  inst: Instrument;
  source: PriceSource | undefined;
  quote: Quote | undefined;
  book: CandleBook;
  stats: Stats24h;
  depth: DepthUnits | undefined;
  depthAt: number;
  /** The last trades (every tick is one), in memory only (recent-trades.ts). */
  trades: TradeRing;
  /** Orders ticks of one symbol within a millisecond in market_ticks. */
  seq: number;
}

/** The engine's shared state; `seed`, `sim` and `stopped` are set by the facade as it starts and stops. */
export class EngineState {
  readonly symbols = new Map<string, SymbolState>();
  seed = 0;
  sim: SimulatorSource | undefined;
  stopped = false;
  /** Whether someone watches a symbol's book (the hub says; true without one): MARKET_SIM_DEPTH_MS refreshes only those. */
  depthWatched: (symbol: string) => boolean = () => true;
  /**
   * Bumped after anything a market read answers from may have changed (a source's event, the
   * pump, a finished write, recovery, backfill): the routes' snapshot cache (snapshot-cache.ts)
   * serves a serialised answer only while this is unchanged.
   */
  version = 0;

  constructor(
    readonly ctx: AppContext,
    readonly bus: MarketBus,
    readonly config: MarketConfig,
  ) {
    for (const inst of INSTRUMENTS) {
      this.symbols.set(inst.symbol, {
        inst,
        source: undefined,
        quote: undefined,
        book: new CandleBook(),
        stats: newStats(),
        depth: undefined,
        depthAt: 0,
        trades: new TradeRing(),
        seq: 0,
      });
    }
  }

  /** Something a read may show changed (see `version`). */
  touch(): void {
    this.version++;
  }

  now(): number {
    return this.ctx.clock.now().getTime();
  }

  /** The state of a catalogue symbol (callers only pass catalogue symbols). */
  of(symbol: string): SymbolState {
    const st = this.symbols.get(symbol);
    if (!st) throw new Error(`unknown instrument ${symbol}`);
    return st;
  }

  /**
   * Every tick of a stored simulator minute, exactly as it was emitted, by the generator version that
   * made it (prices in today's ticks: a version 1 minute's are its stored prices, scaled by the
   * migration of decision 0140).
   */
  regenerate(symbol: string, row: CandleRow): MinuteTicks {
    const version = row.genVersion;
    if (row.genRef === null || (version !== 1 && version !== GENERATOR_VERSION))
      throw new Error(`${symbol} ${row.openTime}: not a generator minute (version ${version})`);
    return generateMinute(this.seed, simParamsOf(symbol), row.openTime / MINUTE_MS, row.genRef, version);
  }
}

/** The 1m row of a simulator minute: its candle with the generator state at its start. */
export function simRow(symbol: string, m: MinuteTicks): CandleRow {
  return {
    symbol,
    interval: '1m',
    openTime: m.minute * MINUTE_MS,
    ...minuteCandle(m),
    source: 'simulator',
    genRef: m.startState,
    genVersion: GENERATOR_VERSION,
  };
}

export function toAgg(r: CandleRow): Agg {
  return {
    openTime: r.openTime,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
    quoteVolume: r.quoteVolume,
    trades: r.trades,
  };
}

export function minuteAgg(m: MinuteTicks): Agg {
  return { openTime: m.minute * MINUTE_MS, ...minuteCandle(m) };
}

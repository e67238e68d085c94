/**
 * A price source is an adapter with one face (docs/market-data.md): the simulator, the Binance
 * stream, or the benchmark's synthetic feed. The engine owns candles, storage and fan-out;
 * a source only reports what happened.
 */

import type { TradeSide } from '@app/contract';

/** A trade (or price) tick in integer units of its instrument. */
export interface SourceTick {
  symbol: string;
  time: number;
  price: number;
  amount: number;
  /**
   * The taker's side, when the feed says it (Binance's buyer-is-maker flag); otherwise the engine
   * applies the tick rule (recent-trades.ts).
   */
  side?: TradeSide;
  /** The feed's own trade id, kept with stored ticks. */
  externalId?: string;
}

export interface PriceSink {
  tick(t: SourceTick): void;
  /** Best bid and ask changed (real feeds; the simulator derives them from the price). */
  book(symbol: string, bid: number, ask: number, time: number): void;
  /** A depth snapshot, best first, in units. */
  depth(symbol: string, bids: [number, number][], asks: [number, number][], time: number): void;
  /** The feed went silent (or came back) for these symbols. */
  stale(symbols: readonly string[], stale: boolean): void;
}

export interface PriceSource {
  /** Stored with candles and ticks: 'simulator', 'binance', 'bench'. */
  readonly name: string;
  readonly symbols: readonly string[];
  /**
   * True when its ticks can be regenerated from stored candles (the simulator); otherwise the
   * engine stores every tick.
   */
  readonly regenerable: boolean;
  start(sink: PriceSink): void | Promise<void>;
  /** Emits what is due at `nowMs` (timer-driven sources; event-driven ones ignore it). */
  pump(nowMs: number): void;
  stop(): void | Promise<void>;
}

import type { Ticker, WsTick } from '@app/contract';

/** Which way the last price moved; null before it has moved. */
export type PriceDirection = 'up' | 'down' | null;

/** A ticker with the direction of its last price change (the up/down colour). */
export interface LiveTicker extends Ticker {
  direction: PriceDirection;
}

export interface LiveQuote {
  tick: WsTick;
  direction: PriceDirection;
}

/** Sign of a − b for two decimal strings (display only: a float is precise enough for a direction). */
export function compareDecimals(a: string, b: string): number {
  return Math.sign(Number(a) - Number(b));
}

/** The direction from one price to the next; unchanged keeps the previous direction. */
export function nextDirection(
  previousPrice: string | null | undefined,
  price: string,
  previous: PriceDirection,
): PriceDirection {
  if (previousPrice == null) return previous;
  const c = compareDecimals(price, previousPrice);
  return c > 0 ? 'up' : c < 0 ? 'down' : previous;
}

/** New live quotes from a batch of ticks (the newest tick of a symbol wins). */
export function mergeTicks(previous: ReadonlyMap<string, LiveQuote>, ticks: Iterable<WsTick>): Map<string, LiveQuote> {
  const next = new Map(previous);
  for (const tick of ticks) {
    const before = next.get(tick.symbol);
    if (before && before.tick.time > tick.time) continue;
    next.set(tick.symbol, {
      tick,
      direction: nextDirection(before?.tick.price, tick.price, before?.direction ?? null),
    });
  }
  return next;
}

/** A ticker's fields updated from a websocket tick. */
export function applyTick(ticker: Ticker, tick: WsTick): Ticker {
  if (ticker.time !== null && tick.time < ticker.time) return ticker;
  return {
    ...ticker,
    price: tick.price,
    bid: tick.bid,
    ask: tick.ask,
    change24h: tick.change24h,
    changePercent24h: tick.changePercent24h,
    high24h: tick.high24h,
    low24h: tick.low24h,
    volume24h: tick.volume24h,
    quoteVolume24h: tick.quoteVolume24h,
    time: tick.time,
    stale: tick.stale,
    complete24h: tick.complete24h,
  };
}

export function withLiveQuote(ticker: Ticker, quote: LiveQuote | undefined): LiveTicker {
  if (!quote) return { ...ticker, direction: null };
  return { ...applyTick(ticker, quote.tick), direction: quote.direction };
}

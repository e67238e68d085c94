/**
 * Each instrument's recent trades (docs/market-data.md "Recent trades"): every source tick is a
 * trade, kept in memory in a ring of the last TRADES_MAX, with a per-symbol sequence number.
 */
import { TRADES_MAX, type TradeSide } from '@app/contract';

/** A trade in integer units of its instrument. */
export interface TradeUnits {
  /** 1, 2, 3 … per symbol since the process started. */
  id: number;
  price: number;
  amount: number;
  side: TradeSide;
  time: number;
}

/**
 * The taker's side by the tick rule: a price above the previous trade's is a buy, below it a
 * sell, the same price keeps the previous trade's side; the very first trade, with nothing
 * before it, is a buy.
 */
export function tickRuleSide(price: number, previous: { price: number; side: TradeSide } | undefined): TradeSide {
  if (!previous) return 'buy';
  if (price > previous.price) return 'buy';
  if (price < previous.price) return 'sell';
  return previous.side;
}

/** The last `capacity` trades of one symbol; older ones are overwritten. */
export class TradeRing {
  private readonly items: (TradeUnits | undefined)[];
  /** The id of the newest trade (0: none yet); also how many were ever added. */
  private lastId = 0;

  constructor(private readonly capacity = TRADES_MAX) {
    this.items = new Array<TradeUnits | undefined>(capacity);
  }

  /** Adds a trade with the next id; `side` defaults to the tick rule against the newest trade. */
  add(t: { price: number; amount: number; time: number; side?: TradeSide | undefined }, before?: { price: number; side: TradeSide }): TradeUnits {
    const previous = this.newest() ?? before;
    const trade: TradeUnits = { id: ++this.lastId, price: t.price, amount: t.amount, side: t.side ?? tickRuleSide(t.price, previous), time: t.time };
    this.items[(trade.id - 1) % this.capacity] = trade;
    return trade;
  }

  newest(): TradeUnits | undefined {
    return this.lastId === 0 ? undefined : this.items[(this.lastId - 1) % this.capacity];
  }

  /** The newest `limit` trades, newest first. */
  list(limit = this.capacity): TradeUnits[] {
    const n = Math.min(limit, this.capacity, this.lastId);
    const out: TradeUnits[] = [];
    for (let id = this.lastId; id > this.lastId - n; id--) out.push(this.items[(id - 1) % this.capacity]!);
    return out;
  }
}

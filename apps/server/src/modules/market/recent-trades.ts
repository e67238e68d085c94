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
  /** The id of the newest trade (0: none yet). */
  private lastId = 0;
  /** How many trades the ring holds with consecutive ids ending at `lastId`. */
  private held = 0;

  constructor(private readonly capacity = TRADES_MAX) {
    this.items = new Array<TradeUnits | undefined>(capacity);
  }

  /**
   * Adds a trade with the next id (or `id`: a follower takes the engine's, docs/market-data.md
   * "Engine and followers"); `side` defaults to the tick rule against the newest trade.
   */
  add(
    t: { price: number; amount: number; time: number; side?: TradeSide | undefined },
    before?: { price: number; side: TradeSide },
    id?: number,
  ): TradeUnits {
    const previous = this.newest() ?? before;
    const next = id ?? this.lastId + 1;
    // Ids that do not follow on (a follower's first trade, a missed one): the older ones are not listed with them.
    if (next !== this.lastId + 1) this.held = 0;
    this.lastId = next;
    this.held = Math.min(this.held + 1, this.capacity);
    const trade: TradeUnits = {
      id: next,
      price: t.price,
      amount: t.amount,
      side: t.side ?? tickRuleSide(t.price, previous),
      time: t.time,
    };
    this.items[(trade.id - 1) % this.capacity] = trade;
    return trade;
  }

  newest(): TradeUnits | undefined {
    return this.held === 0 ? undefined : this.items[(this.lastId - 1) % this.capacity];
  }

  /**
   * Forgets the newest trades at or after `time` (a new engine emits its current minute again
   * from its start): their ids are given again to the same trades.
   */
  dropFrom(time: number): void {
    while (this.held > 0 && this.newest()!.time >= time) {
      this.held--;
      this.lastId--;
    }
  }

  /** The newest `limit` trades, newest first. */
  list(limit = this.capacity): TradeUnits[] {
    const n = Math.min(limit, this.held);
    const out: TradeUnits[] = [];
    for (let id = this.lastId; id > this.lastId - n; id--) out.push(this.items[(id - 1) % this.capacity]!);
    return out;
  }
}

/**
 * Bid, ask and order-book depth around a price, in integer price units. The simulator's quotes
 * are derived from its ticks by these rules, so they are as reproducible as the ticks.
 */
import { DEPTH_DEFAULT_LEVELS, type Instrument } from '@app/contract';
import { simParams, streamState, rng } from './simulator';

/** Half the spread, at least one price unit (spreadBps is a product setting of the catalogue). */
export function halfSpread(inst: Instrument, priceUnits: number): number {
  return Math.max(1, Math.floor((priceUnits * inst.spreadBps) / 20_000));
}

export function bidAsk(inst: Instrument, priceUnits: number): { bid: number; ask: number } {
  const h = halfSpread(inst, priceUnits);
  return { bid: Math.max(1, priceUnits - h), ask: priceUnits + h };
}

/** [price units, amount units] per level, best first. */
export interface DepthUnits {
  bids: [number, number][];
  asks: [number, number][];
  time: number;
}

/** Salt of the depth RNG stream, so it never repeats the tick stream of the same minute. */
const DEPTH_SALT = 0x0de97;

/**
 * A synthetic book around bid/ask: levels one spread apart, sizes growing with distance, and
 * random per second (seeded by seed, symbol and second, so it is reproducible).
 */
export function syntheticDepth(
  inst: Instrument,
  seed: number,
  bid: number,
  ask: number,
  timeMs: number,
  levels = DEPTH_DEFAULT_LEVELS,
): DepthUnits {
  const p = simParams(inst);
  const next = rng(streamState(seed, p.symbolKey, Math.floor(timeMs / 1000), DEPTH_SALT));
  const step = Math.max(1, ask - bid);
  const side = (best: number, dir: -1 | 1): [number, number][] => {
    const out: [number, number][] = [];
    for (let k = 0; k < levels; k++) {
      const price = best + dir * k * step;
      if (price < 1) break;
      out.push([price, levelAmount(p.meanAmount, k, next)]);
    }
    return out;
  };
  return { bids: side(bid, -1), asks: side(ask, 1), time: timeMs };
}

function levelAmount(meanAmount: number, k: number, next: () => number): number {
  return Math.max(1, Math.round(meanAmount * (0.3 + 2 * next()) * (1 + 0.25 * k)));
}

/** Share of a book's levels whose size changes in one refresh between trades. */
const REFRESH_SHARE = 0.15;

/**
 * The same book a moment later without a trade (MARKET_SIM_DEPTH_MS): the prices stay, about one
 * level in seven gets a new size (orders placed and cancelled). Seeded by seed, symbol and the
 * refresh's step (`timeMs / stepMs`), so it is reproducible from the book it starts from.
 */
export function refreshedDepth(
  inst: Instrument,
  seed: number,
  depth: DepthUnits,
  timeMs: number,
  stepMs: number,
): DepthUnits {
  const p = simParams(inst);
  const next = rng(streamState(seed, p.symbolKey, Math.floor(timeMs / stepMs), DEPTH_SALT + 1));
  const side = (levels: [number, number][]): [number, number][] =>
    levels.map(([price, amount], k) => [price, next() < REFRESH_SHARE ? levelAmount(p.meanAmount, k, next) : amount]);
  return { bids: side(depth.bids), asks: side(depth.asks), time: timeMs };
}

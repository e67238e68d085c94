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
export function syntheticDepth(inst: Instrument, seed: number, bid: number, ask: number, timeMs: number, levels = DEPTH_DEFAULT_LEVELS): DepthUnits {
  const p = simParams(inst);
  const next = rng(streamState(seed, p.symbolKey, Math.floor(timeMs / 1000), DEPTH_SALT));
  const step = Math.max(1, ask - bid);
  const side = (best: number, dir: -1 | 1): [number, number][] => {
    const out: [number, number][] = [];
    for (let k = 0; k < levels; k++) {
      const price = best + dir * k * step;
      if (price < 1) break;
      const amount = Math.max(1, Math.round(p.meanAmount * (0.3 + 2 * next()) * (1 + 0.25 * k)));
      out.push([price, amount]);
    }
    return out;
  };
  return { bids: side(bid, -1), asks: side(ask, 1), time: timeMs };
}

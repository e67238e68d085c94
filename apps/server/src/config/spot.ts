import { int, type Env } from '../lib/env';

/** Spot-order settings. */
export interface SpotConfig {
  /** Fee on the USDT value of a fill, in basis points, charged in USDT. */
  feeBps: number;
  /** Smallest order, in whole USDT of value (amount × the price it fills or rests at). */
  minOrderUsdt: number;
  /** Pause between passes of the limit-order matcher. */
  matchEveryMs: number;
  /** Open orders filled per matcher pass at most; the rest wait for the next pass. */
  matchBatch: number;
}

export function loadSpotConfig(env: Env): SpotConfig {
  return {
    feeBps: int(env, 'SPOT_FEE_BPS', 10, 0, 1000),
    minOrderUsdt: int(env, 'SPOT_MIN_ORDER_USDT', 5, 1, 1_000_000),
    matchEveryMs: int(env, 'SPOT_MATCH_EVERY_MS', 250, 10, 60_000),
    matchBatch: int(env, 'SPOT_MATCH_BATCH', 500, 1, 10_000),
  };
}

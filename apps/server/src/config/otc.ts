import { int, type Env } from '../lib/env';

/** OTC settings. */
export interface OtcConfig {
  /** Half-spread around the reference price, in basis points: buy at +spread, sell at −spread. */
  spreadBps: number;
  /** Fee on the USDT value of a trade, in basis points. */
  feeBps: number;
  /** How long offered rates stay valid. */
  quoteTtlSeconds: number;
  /** Smallest trade, in whole USDT of value. */
  minTradeUsdt: number;
}

export function loadOtcConfig(env: Env): OtcConfig {
  return {
    spreadBps: int(env, 'OTC_SPREAD_BPS', 50, 0, 5000),
    feeBps: int(env, 'OTC_FEE_BPS', 10, 0, 1000),
    // 0 has always been accepted and means the shortest validity, one second.
    quoteTtlSeconds: Math.max(1, int(env, 'OTC_QUOTE_TTL_SECONDS', 15, 0, 600)),
    minTradeUsdt: int(env, 'OTC_MIN_TRADE_USDT', 1, 0, 1_000_000),
  };
}

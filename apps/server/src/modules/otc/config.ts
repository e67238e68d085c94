/** OTC settings (docs/configuration.md). */
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

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return n;
}

export function loadOtcConfig(env: NodeJS.ProcessEnv = process.env): OtcConfig {
  return {
    spreadBps: int(env, 'OTC_SPREAD_BPS', 50, 5000),
    feeBps: int(env, 'OTC_FEE_BPS', 10, 1000),
    quoteTtlSeconds: Math.max(1, int(env, 'OTC_QUOTE_TTL_SECONDS', 15, 600)),
    minTradeUsdt: int(env, 'OTC_MIN_TRADE_USDT', 1, 1_000_000),
  };
}

/**
 * The price simulator's generator: a pure function from (seed, symbol, minute, starting state)
 * to every tick of that minute (docs/market-data.md "Tick storage").
 *
 * Reproducibility is the point: a stored 1m candle keeps the generator state at its minute's
 * start (`gen_ref`), so anyone with the seed can regenerate the minute's ticks and check a
 * contract's result. To be bit-identical on any machine the generator uses only integer
 * operations and IEEE double + - * / and Math.round/floor (all exactly specified); no
 * Math.exp/log/sin, whose last bit may differ between engines. Never change version 1's
 * arithmetic: a new model is a new GENERATOR_VERSION beside it.
 */
import { INTERVAL_MS, instrumentOf, parseAmount, type Instrument, type Market } from '@app/contract';

export const GENERATOR_VERSION = 1;
/** The walk runs at 10^-4 of a price unit, so a coin quoted with few decimals (EOS: 1) still moves. */
export const SUB_UNITS = 10_000;
const MINUTE_MS = INTERVAL_MS['1m'];

interface Profile {
  /** Annualised volatility, as a fraction. */
  annualVol: number;
  /** Average ticks per second while open. */
  ticksPerSecond: number;
  /** Seconds the market trades in a year (crypto: all of them). */
  yearSeconds: number;
  /** Average notional of one simulated trade, in the quote currency. */
  tradeNotional: number;
}

const TRADING_YEAR = 252;
const PROFILES: Record<Market, Profile> = {
  // Majors move ~7–10% a year; the walk is per tick, scaled by the time the market is open.
  FOREX: { annualVol: 0.08, ticksPerSecond: 3, yearSeconds: TRADING_YEAR * 24 * 3600, tradeNotional: 100_000 },
  CFD: { annualVol: 0.2, ticksPerSecond: 2, yearSeconds: TRADING_YEAR * 23 * 3600, tradeNotional: 10_000 },
  CRYPTO: { annualVol: 0.7, ticksPerSecond: 3, yearSeconds: 365 * 24 * 3600, tradeNotional: 2_000 },
  INDIES: { annualVol: 0.16, ticksPerSecond: 2, yearSeconds: TRADING_YEAR * 6.5 * 3600, tradeNotional: 20_000 },
  STOCK: { annualVol: 0.3, ticksPerSecond: 2, yearSeconds: TRADING_YEAR * 6.5 * 3600, tradeNotional: 5_000 },
};
/** Instruments that move unlike their group. */
const VOL_OVERRIDES: Record<string, number> = {
  BTCUSDT: 0.5,
  ETHUSDT: 0.65,
  XAGUSD: 0.3,
  USOIL: 0.35,
  UKOIL: 0.33,
  NGAS: 0.6,
  TSLAUSD: 0.55,
  NVDAUSD: 0.45,
  AMDUSD: 0.5,
  KOUSD: 0.15,
  JPMUSD: 0.22,
  USDJPY: 0.1,
  GBPJPY: 0.11,
  AUDJPY: 0.12,
  EURCHF: 0.05,
  // A stablecoin barely moves around its peg.
  USDCUSDT: 0.01,
};
/** The walk is pulled back toward the reference price with this half-life, so years of history stay plausible. */
const HALF_LIFE_SECONDS = 90 * 86_400;
const LN2 = 0.6931471805599453;

export interface SimParams {
  symbol: string;
  /** Hash of the symbol: its RNG stream. */
  symbolKey: number;
  /** Reference price in sub-units (mean reversion target, and the first state). */
  ref: number;
  /** Standard deviation of one tick's relative move at volatility multiplier 1. */
  sigma: number;
  /** Mean-reversion strength per tick. */
  kappa: number;
  ticksPerSecond: number;
  /** Average trade size in amount units. */
  meanAmount: number;
}

/** FNV-1a: a stable 32-bit key for a symbol. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser: mixes the seed, symbol and minute into one RNG state. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: small, fast, and exactly the same sequence everywhere (32-bit integer math). */
export function rng(state: number): () => number {
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function streamState(seed: number, symbolKey: number, minute: number, salt = 0): number {
  return mix(mix(mix((seed ^ GENERATOR_VERSION) >>> 0) ^ symbolKey) ^ (minute >>> 0) ^ Math.imul(salt, 0x9e3779b9));
}

const paramsCache = new Map<string, SimParams>();
export function simParams(inst: Instrument): SimParams {
  let p = paramsCache.get(inst.symbol);
  if (p) return p;
  const profile = PROFILES[inst.market];
  const vol = VOL_OVERRIDES[inst.symbol] ?? profile.annualVol;
  const refUnits = Number(parseAmount(inst.referencePrice, inst.priceDecimals));
  const gap = 1 / profile.ticksPerSecond;
  // Math.sqrt is correctly rounded (IEEE 754), so sigma is the same bit pattern everywhere.
  const sigma = vol * Math.sqrt(gap / profile.yearSeconds);
  const kappa = (LN2 / HALF_LIFE_SECONDS) * gap;
  const refPrice = refUnits / 10 ** inst.priceDecimals;
  const meanAmount = Math.max(1, Math.round((profile.tradeNotional / refPrice) * 10 ** inst.amountDecimals));
  p = {
    symbol: inst.symbol,
    symbolKey: hashString(inst.symbol),
    ref: refUnits * SUB_UNITS,
    sigma,
    kappa,
    ticksPerSecond: profile.ticksPerSecond,
    meanAmount,
  };
  paramsCache.set(inst.symbol, p);
  return p;
}

export function simParamsOf(symbol: string): SimParams {
  const inst = instrumentOf(symbol);
  if (!inst) throw new Error(`unknown instrument ${symbol}`);
  return simParams(inst);
}

/** Every tick of one minute: parallel arrays, in time order. */
export interface MinuteTicks {
  minute: number;
  /** Generator state at the minute's start (sub-units): what a 1m candle stores as gen_ref. */
  startState: number;
  /** State after the last tick: the next minute's start state. */
  endState: number;
  /** Milliseconds into the minute, ascending (ties keep generation order). */
  offsets: Int32Array;
  /** Price units (integers). */
  prices: Float64Array;
  /** Amount units (integers). */
  amounts: Float64Array;
}

/**
 * Generates minute `minute` (minutes since the Unix epoch) of `p.symbol` from `startState`.
 * Same inputs, same output, on any machine.
 */
export function generateMinute(seed: number, p: SimParams, minute: number, startState: number): MinuteTicks {
  // mulberry32 written out inline (same sequence as rng()): the backfill makes ~10^8 ticks, and
  // a closure over the RNG state keeps it in a heap context, several times slower.
  let a = streamState(seed, p.symbolKey, minute) | 0;
  let t = 0;
  let r = 0;
  a = (a + 0x6d2b79f5) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  const n = Math.max(1, Math.floor(60 * p.ticksPerSecond * (0.5 + r)));
  // Volatility comes in regimes: calm minutes, busy minutes, and a rare burst.
  a = (a + 0x6d2b79f5) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  let volMul = 0.55 + 0.9 * r;
  a = (a + 0x6d2b79f5) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  if (r < 0.015) volMul *= 3;
  const sigma = p.sigma * volMul;
  const offsets = new Int32Array(n);
  const prices = new Float64Array(n);
  const amounts = new Float64Array(n);
  // Tick times: uniform gaps, accumulated (ascending without a sort), then scaled into the minute.
  let cum = 0;
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    cum += r;
    prices[i] = cum;
  }
  a = (a + 0x6d2b79f5) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  const span = cum + r;
  for (let i = 0; i < n; i++) offsets[i] = Math.floor((prices[i]! / span) * MINUTE_MS);
  let s = startState;
  const ref = p.ref;
  const kappa = p.kappa;
  const meanAmount = p.meanAmount;
  for (let i = 0; i < n; i++) {
    // Irwin–Hall with three uniforms, scaled to variance 1: near-normal, bounded, exact.
    a = (a + 0x6d2b79f5) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    let u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    a = (a + 0x6d2b79f5) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    u += ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    a = (a + 0x6d2b79f5) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    u += ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    a = (a + 0x6d2b79f5) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    const z = (u - 1.5) * 2;
    const drift = -kappa * ((s - ref) / ref);
    s = Math.round(s * (1 + sigma * z + drift));
    if (s < SUB_UNITS) s = SUB_UNITS;
    prices[i] = Math.round(s / SUB_UNITS);
    amounts[i] = Math.max(1, Math.round(meanAmount * (0.05 + 2.85 * r * r * r)));
  }
  return { minute, startState, endState: s, offsets, prices, amounts };
}

/** mulberry32 adds this to its state per draw: skipping k draws is adding k times it. */
const RNG_STEP = 0x6d2b79f5;

/**
 * The state after minute `minute`, exactly as `generateMinute(...).endState`, without making the
 * ticks: the draws for tick times and amounts are skipped (mulberry32's state only counts draws),
 * so a first start can bring every instrument live from its history's end state in a few seconds
 * and store the history afterwards. Must follow generateMinute's arithmetic exactly; a test
 * compares the two over many minutes of every market.
 */
export function advanceMinute(seed: number, p: SimParams, minute: number, startState: number): number {
  let a = streamState(seed, p.symbolKey, minute) | 0;
  let t = 0;
  let r = 0;
  a = (a + RNG_STEP) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  const n = Math.max(1, Math.floor(60 * p.ticksPerSecond * (0.5 + r)));
  a = (a + RNG_STEP) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  let volMul = 0.55 + 0.9 * r;
  a = (a + RNG_STEP) | 0;
  t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  if (r < 0.015) volMul *= 3;
  const sigma = p.sigma * volMul;
  // The n tick-time draws and the span draw.
  a = (a + Math.imul(n + 1, RNG_STEP)) | 0;
  let s = startState;
  const ref = p.ref;
  const kappa = p.kappa;
  for (let i = 0; i < n; i++) {
    a = (a + RNG_STEP) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    let u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    a = (a + RNG_STEP) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    u += ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    a = (a + RNG_STEP) | 0;
    t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    u += ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    // The amount draw.
    a = (a + RNG_STEP) | 0;
    const z = (u - 1.5) * 2;
    const drift = -kappa * ((s - ref) / ref);
    s = Math.round(s * (1 + sigma * z + drift));
    if (s < SUB_UNITS) s = SUB_UNITS;
  }
  return s;
}

/** OHLCV of a minute's ticks (quote volume exact as bigint). */
export function minuteCandle(m: MinuteTicks): {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
  quoteVolume: bigint;
  trades: number;
} {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  // Sums stay exact in a double below 2^53; bigint only when a sum grows past 2^52 (rare), as a
  // bigint per tick would make the backfill several times slower.
  let qv = 0;
  let qvBig = 0n;
  for (let i = 0; i < m.prices.length; i++) {
    const price = m.prices[i]!;
    const amount = m.amounts[i]!;
    if (price > high) high = price;
    if (price < low) low = price;
    volume += amount;
    const q = price * amount;
    if (!Number.isSafeInteger(q)) qvBig += BigInt(price) * BigInt(amount);
    else {
      qv += q;
      if (qv > 2 ** 52) {
        qvBig += BigInt(qv);
        qv = 0;
      }
    }
  }
  return {
    open: m.prices[0]!,
    high,
    low,
    close: m.prices[m.prices.length - 1]!,
    volume: BigInt(volume),
    quoteVolume: qvBig + BigInt(qv),
    trades: m.prices.length,
  };
}

/** Index of the last tick at or before `offsetMs` into the minute, or -1. */
export function lastTickAtOrBefore(m: MinuteTicks, offsetMs: number): number {
  let lo = 0;
  let hi = m.offsets.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (m.offsets[mid]! <= offsetMs) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

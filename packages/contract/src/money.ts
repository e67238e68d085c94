/**
 * Exact money. Amounts are bigint counts of an asset's minor unit (its `scale` decimals);
 * they travel as decimal strings. No floating point anywhere near money.
 */

import { NUMBER_MAXIMUM } from './constants';

export type Rounding = 'down' | 'up' | 'half-even';

/** 10^n as bigint. */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0 || n > 40) throw new RangeError(`bad exponent ${n}`);
  return 10n ** BigInt(n);
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string into minor units of `scale`. Returns null for anything that is not
 * a plain decimal, or that has more fraction digits than `maxDecimals` (default: scale) —
 * precision is refused, never rounded away silently.
 */
export function parseAmount(text: string, scale: number, maxDecimals = scale): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, sign, int, frac = ''] = m;
  const fracTrimmed = frac.replace(/0+$/, '');
  if (fracTrimmed.length > Math.min(maxDecimals, scale)) return null;
  if (int!.length > 40) return null;
  const minor = BigInt(int!) * pow10(scale) + (fracTrimmed ? BigInt(fracTrimmed.padEnd(scale, '0')) : 0n);
  return sign ? -minor : minor;
}

/**
 * An amount of a coin that must be positive, as the server reads it (a manual credit, a transfer):
 * its minor units, or why not: `invalid` (not a plain decimal, more decimals than the coin's scale,
 * above NUMBER_MAXIMUM coins) or `zero` (zero or negative). One rule for the server and the forms.
 */
export function positiveMinor(text: string, scale: number): bigint | 'invalid' | 'zero' {
  const minor = parseAmount(text, scale);
  if (minor === null) return 'invalid';
  if (minor <= 0n) return 'zero';
  if (minor > BigInt(NUMBER_MAXIMUM) * pow10(scale)) return 'invalid';
  return minor;
}

/** Minor units as a decimal string with exactly `decimals` fraction digits (default: scale), truncated toward zero. */
export function formatAmount(minor: bigint, scale: number, decimals = scale): string {
  const neg = minor < 0n;
  let abs = neg ? -minor : minor;
  if (decimals < scale) abs /= pow10(scale - decimals);
  const d = Math.min(decimals, scale);
  const s = abs.toString().padStart(d + 1, '0');
  const int = s.slice(0, s.length - d);
  const frac = s.slice(s.length - d).padEnd(decimals, '0');
  const out = decimals > 0 ? `${int}.${frac}` : int;
  return neg && abs !== 0n ? `-${out}` : out;
}

/** n / d rounded as asked. d must be positive. */
export function divRound(n: bigint, d: bigint, mode: Rounding): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d; // truncates toward zero
  const r = n % d;
  if (r === 0n) return q;
  const neg = n < 0n;
  switch (mode) {
    case 'down': // toward negative infinity
      return neg ? q - 1n : q;
    case 'up': // toward positive infinity
      return neg ? q : q + 1n;
    case 'half-even': {
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice < d) return q;
      if (twice > d) return neg ? q - 1n : q + 1n;
      return q % 2n === 0n ? q : neg ? q - 1n : q + 1n;
    }
  }
}

/** a × b / d, rounded as asked (the product is exact in bigint). */
export function mulDiv(a: bigint, b: bigint, d: bigint, mode: Rounding): bigint {
  return divRound(a * b, d, mode);
}

/**
 * Splits `total` into parts proportional to `weights`, each rounded down, the remainder given
 * one unit at a time to the largest fractional parts (ties: earlier part first). The parts
 * always sum to `total` exactly.
 */
export function allocate(total: bigint, weights: bigint[]): bigint[] {
  if (weights.length === 0) throw new RangeError('no weights');
  if (weights.some((w) => w < 0n)) throw new RangeError('negative weight');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new RangeError('weights sum to zero');
  const parts = weights.map((w) => divRound(total * w, sum, 'down'));
  let rest = total - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, frac: (((total * w) % sum) + sum) % sum }))
    .sort((x, y) => (y.frac > x.frac ? 1 : y.frac < x.frac ? -1 : x.i - y.i));
  for (let k = 0; rest > 0n; k = (k + 1) % order.length, rest--) parts[order[k]!.i]! += 1n;
  return parts;
}

import { describe, expect, it } from 'vitest';
import { allocate, divRound, formatAmount, mulDiv, parseAmount, positiveMinor, pow10 } from './money';

/** A seeded PRNG (mulberry32), so a failing case can be replayed. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Random cases per property: enough to meet every carry and sign, quick enough for a loaded 2-core machine. */
const CASES = 20_000;

function randomBig(r: () => number, digits: number): bigint {
  let s = '';
  const n = 1 + Math.floor(r() * digits);
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return BigInt(s);
}

describe('parseAmount and formatAmount', () => {
  it('parse exact decimals and refuse extra precision and junk', () => {
    expect(parseAmount('12.5', 6)).toBe(12_500_000n);
    expect(parseAmount('0.000001', 6)).toBe(1n);
    expect(parseAmount('0.0000001', 6)).toBeNull();
    expect(parseAmount('1.2300', 2)).toBe(123n); // trailing zeros are not precision
    expect(parseAmount('1.5', 8, 0)).toBeNull(); // amount decimals of XRP/DOGE
    for (const bad of ['', '.', '1.', '.5', '1e5', '0x10', '1,000', ' 1 2', 'NaN', 'Infinity', '--1'])
      expect(parseAmount(bad, 6)).toBeNull();
    expect(formatAmount(12_500_000n, 6)).toBe('12.500000');
    expect(formatAmount(-1n, 6)).toBe('-0.000001');
    expect(formatAmount(123_456_789n, 8, 2)).toBe('1.23'); // truncated, as docs/product.md §9 displays
    expect(formatAmount(5n, 0)).toBe('5');
  });

  it(`round-trip exactly over ${CASES} random amounts`, () => {
    const r = rng(1);
    for (let i = 0; i < CASES; i++) {
      const scale = Math.floor(r() * 19);
      const minor = randomBig(r, 30) * (r() < 0.2 ? -1n : 1n);
      expect(parseAmount(formatAmount(minor, scale), scale)).toBe(minor);
    }
  });
});

describe('positiveMinor', () => {
  it('reads a positive amount within the scale and 1e17 coins; says why not otherwise', () => {
    expect(positiveMinor('125.5', 6)).toBe(125_500_000n);
    expect(positiveMinor(' 0.000001 ', 6)).toBe(1n);
    expect(positiveMinor('0', 6)).toBe('zero');
    expect(positiveMinor('-1', 6)).toBe('zero');
    expect(positiveMinor('0.0000001', 6)).toBe('invalid');
    expect(positiveMinor('1e3', 6)).toBe('invalid');
    expect(positiveMinor('', 6)).toBe('invalid');
    expect(positiveMinor('100000000000000000', 6)).toBe(10n ** 23n);
    expect(positiveMinor('100000000000000000.000001', 6)).toBe('invalid');
  });
});

describe('divRound and mulDiv', () => {
  it('round in the stated direction', () => {
    expect(divRound(7n, 2n, 'down')).toBe(3n);
    expect(divRound(7n, 2n, 'up')).toBe(4n);
    expect(divRound(-7n, 2n, 'down')).toBe(-4n);
    expect(divRound(-7n, 2n, 'up')).toBe(-3n);
    expect(divRound(5n, 2n, 'half-even')).toBe(2n);
    expect(divRound(7n, 2n, 'half-even')).toBe(4n);
    expect(divRound(-5n, 2n, 'half-even')).toBe(-2n);
    expect(mulDiv(3n, 10n, 4n, 'down')).toBe(7n);
  });

  it(`bracket the exact quotient over ${CASES} random cases`, () => {
    const r = rng(2);
    for (let i = 0; i < CASES; i++) {
      const n = randomBig(r, 25) * (r() < 0.3 ? -1n : 1n);
      const d = randomBig(r, 12) + 1n;
      const lo = divRound(n, d, 'down');
      const hi = divRound(n, d, 'up');
      // lo·d ≤ n < (lo+1)·d  and  (hi−1)·d < n ≤ hi·d
      expect(lo * d <= n && n < (lo + 1n) * d).toBe(true);
      expect((hi - 1n) * d < n && n <= hi * d).toBe(true);
      const he = divRound(n, d, 'half-even');
      expect(he === lo || he === hi).toBe(true);
    }
  });
});

describe('allocate', () => {
  it(`gives parts that sum exactly to the whole over ${CASES} random splits`, () => {
    const r = rng(3);
    for (let i = 0; i < CASES; i++) {
      const total = randomBig(r, 20);
      const weights = Array.from({ length: 1 + Math.floor(r() * 6) }, () => randomBig(r, 8));
      if (!weights.some((w) => w !== 0n)) weights[0] = 1n;
      const parts = allocate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0n);
      // Each part is its exact share rounded down or up by at most one unit.
      parts.forEach((p, k) => {
        const exactFloor = (total * weights[k]!) / sum;
        expect(p === exactFloor || p === exactFloor + 1n).toBe(true);
      });
    }
  });

  it('refuses nonsense', () => {
    expect(() => allocate(10n, [])).toThrow();
    expect(() => allocate(10n, [0n, 0n])).toThrow();
    expect(() => allocate(10n, [-1n, 2n])).toThrow();
    expect(pow10(3)).toBe(1000n);
  });
});

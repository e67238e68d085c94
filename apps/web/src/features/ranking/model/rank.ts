import type { Ticker } from '@app/contract';

/** The three rankings of the Rise and Drop Ranking page (docs/market-data.md "Screens"). */
export const RANKINGS = ['gainers', 'losers', 'volume'] as const;
export type Ranking = (typeof RANKINGS)[number];

/** How many instruments each ranking lists. */
export const RANK_SIZE = 10;

/**
 * a − b's sign for two decimal strings ("-1.25", "0.5", "12"), exactly: the figures are compared
 * digit by digit, never as floating-point numbers, so two changes that differ in their last digit
 * keep their order.
 */
export function compareDecimal(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  if (pa.negative !== pb.negative) {
    // -0 and 0 are equal.
    if (pa.zero && pb.zero) return 0;
    return pa.negative ? -1 : 1;
  }
  const magnitude = compareMagnitude(pa, pb);
  return pa.negative ? -magnitude : magnitude;
}

interface DecimalParts {
  negative: boolean;
  int: string;
  frac: string;
  zero: boolean;
}

function parts(text: string): DecimalParts {
  const t = text.trim();
  const negative = t.startsWith('-');
  const [rawInt = '', rawFrac = ''] = t.replace(/^[+-]/, '').split('.');
  const int = rawInt.replace(/^0+/, '');
  const frac = rawFrac.replace(/0+$/, '');
  return { negative, int, frac, zero: int === '' && frac === '' };
}

function compareMagnitude(a: DecimalParts, b: DecimalParts): number {
  if (a.int.length !== b.int.length) return a.int.length > b.int.length ? 1 : -1;
  if (a.int !== b.int) return a.int > b.int ? 1 : -1;
  const width = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(width, '0');
  const fb = b.frac.padEnd(width, '0');
  return fa === fb ? 0 : fa > fb ? 1 : -1;
}

const bySymbol = (a: Ticker, b: Ticker) => a.displaySymbol.localeCompare(b.displaySymbol, 'en');

/**
 * One ranking of a market group's tickers, best first, at most `size`: gainers are the instruments
 * up over 24 hours, the biggest rise first; losers those down, the biggest fall first; volume the
 * largest 24-hour turnover in the quote currency first. An instrument whose 24-hour figures are not
 * whole yet (Ticker.complete24h: a first start still storing its history) is in none of them, nor one
 * without a 24-hour change (no history) in the change rankings, nor one that has not traded in the
 * volume ranking; equal figures go by symbol, so the order does not flicker.
 */
export function rankTickers<T extends Ticker>(tickers: readonly T[], ranking: Ranking, size = RANK_SIZE): T[] {
  const value = (t: T) => (ranking === 'volume' ? t.quoteVolume24h : t.changePercent24h);
  const wanted = tickers.filter((t) => {
    if (!t.complete24h) return false;
    const v = value(t);
    if (v === null) return false;
    const sign = compareDecimal(v, '0');
    return ranking === 'losers' ? sign < 0 : sign > 0;
  });
  const direction = ranking === 'losers' ? 1 : -1;
  return wanted.sort((a, b) => direction * compareDecimal(value(a)!, value(b)!) || bySymbol(a, b)).slice(0, size);
}

/** A `?list=` value, or the first ranking. */
export function parseRanking(value: string | null): Ranking {
  return (RANKINGS as readonly string[]).includes(value ?? '') ? (value as Ranking) : 'gainers';
}

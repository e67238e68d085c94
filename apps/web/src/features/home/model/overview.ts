import type { Ticker } from '@app/contract';

export type OverviewTab = 'spot' | 'contract';

/** Rows per tab: the overview is a glance; the quote page has the full lists. */
export const OVERVIEW_ROWS = 8;

/**
 * Seconds contracts trade on every market: the overview shows the best-known instruments of
 * each (the quote page lists them all).
 */
export const CONTRACT_HIGHLIGHTS: readonly string[] = [
  'BTCUSDT',
  'ETHUSDT',
  'EURUSD',
  'XAUUSD',
  'USOIL',
  'NAS100',
  'AAPLUSD',
  'TSLAUSD',
];

/** Crypto pairs with the largest 24 h turnover first. */
export function topSpot(tickers: readonly Ticker[]): Ticker[] {
  return [...tickers].sort((a, b) => Number(b.quoteVolume24h) - Number(a.quoteVolume24h)).slice(0, OVERVIEW_ROWS);
}

/** The highlighted contract instruments that the list holds, in the highlights' order. */
export function highlights(tickers: readonly Ticker[]): Ticker[] {
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  return CONTRACT_HIGHLIGHTS.flatMap((s) => bySymbol.get(s) ?? []);
}

/** A banner link that leaves the app (an https page) rather than opening an app route. */
export function isExternalLink(link: string): boolean {
  return /^https:\/\//.test(link);
}

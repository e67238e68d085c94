import { MARKETS, type Market, type Ticker } from '@app/contract';

export type QuoteTab = 'favorites' | Market;
export const QUOTE_TABS: readonly QuoteTab[] = ['favorites', ...MARKETS];
const DEFAULT_TAB: QuoteTab = 'CRYPTO';

/** The tab in the URL (?tab=), so a reload or the way back from a chart keeps it. */
export function parseQuoteTab(value: string | null): QuoteTab {
  return QUOTE_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;
}

/** Results grouped by market, in the markets' order; best matches first within each. */
export function groupByMarket<T extends Pick<Ticker, 'market'>>(
  tickers: readonly T[],
): { market: Market; tickers: T[] }[] {
  return MARKETS.map((market) => ({ market, tickers: tickers.filter((t) => t.market === market) })).filter(
    (g) => g.tickers.length > 0,
  );
}

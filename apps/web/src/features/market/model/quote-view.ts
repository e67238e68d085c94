import { MARKETS, type Market, type Ticker } from '@app/contract';
// Straight from its file, not lib/market's index: the phone's first route (home) loads that index.
import { QUOTE_GROUPS, parseQuoteGroup, type QuoteGroup } from '../../../lib/market/quote-group';

export type QuoteTab = QuoteGroup;
export const QUOTE_TABS: readonly QuoteTab[] = QUOTE_GROUPS;
const DEFAULT_TAB: QuoteTab = 'CRYPTO';

/**
 * The tab to show: the one in the URL (?tab=), so a reload or the way back from a chart keeps it;
 * else the one chosen last in this tab's session (`stored`), so coming back to the quote page from
 * the tab bar keeps it too; else Crypto.
 */
export function parseQuoteTab(value: string | null, stored: QuoteTab | null = null): QuoteTab {
  return parseQuoteGroup(value) ?? stored ?? DEFAULT_TAB;
}

/** Results grouped by market, in the markets' order; best matches first within each. */
export function groupByMarket<T extends Pick<Ticker, 'market'>>(
  tickers: readonly T[],
): { market: Market; tickers: T[] }[] {
  return MARKETS.map((market) => ({ market, tickers: tickers.filter((t) => t.market === market) })).filter(
    (g) => g.tickers.length > 0,
  );
}

import { PATHS, TAB_PATHS } from '../routing/paths';

/** Market pages several features link to (routes compose them in app/). */
export const SEARCH_PATH = PATHS.search;
export const QUOTE_PATH = TAB_PATHS.quote;

/** The chart of one instrument. */
export function tradeChartPath(symbol: string): string {
  return `${TAB_PATHS.trade}?symbol=${encodeURIComponent(symbol)}`;
}

/** The quote page opened on one tab (a market key or `favorites`). */
export function quotePath(tab: string): string {
  return `${QUOTE_PATH}?tab=${encodeURIComponent(tab)}`;
}

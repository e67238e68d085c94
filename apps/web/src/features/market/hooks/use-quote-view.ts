import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Market, Ticker } from '@app/contract';
import { useLiveTickers } from '../../../lib/market';
import { parseQuoteTab, type QuoteTab } from '../model/quote-view';
import { sortTickers, type TickerSort } from '../model/sort-tickers';

/** The quote page's tab (kept in the URL) and sort. */
export function useQuoteView() {
  const [params, setParams] = useSearchParams();
  const tab = parseQuoteTab(params.get('tab'));
  const [sort, setSort] = useState<TickerSort | null>(null);
  const setTab = (next: QuoteTab) => setParams({ tab: next }, { replace: true });
  return { tab, setTab, sort, setSort };
}

/**
 * A quote list: the snapshot sorted once (rows do not jump under a finger with every tick),
 * then kept live by the general feed of `market` (null: every market). `sorted` is undefined while loading.
 */
export function useSortedLiveTickers(tickers: Ticker[] | undefined, sort: TickerSort | null, market: Market | null) {
  const sorted = useMemo(() => (tickers ? sortTickers(tickers, sort) : undefined), [tickers, sort]);
  const live = useLiveTickers(sorted, market);
  return { sorted, live };
}

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveTickers } from '../../../lib/market';
import { useMarketSearch as useMarketSearchRequest } from '../../../lib/api/search-market';
import { groupByMarket } from '../model/quote-view';
import { useDebouncedValue } from '../../../lib/browser/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Searching every market: the typed text, the settled query (also kept in the URL, so the
 * way back from a chart shows the same results), and the live results grouped by market.
 */
export function useMarketSearchView() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useMarketSearchRequest(q);
  const results = q ? search.data : undefined;
  const live = useLiveTickers(results, null);
  const groups = useMemo(() => groupByMarket(live), [live]);

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);

  return { text, setText, q, loaded: results !== undefined, failed: search.isError, count: live.length, groups };
}

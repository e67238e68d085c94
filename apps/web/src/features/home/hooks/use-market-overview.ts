import { useMemo, useState } from 'react';
import { useTickersByType } from '../../../lib/api/get-tickers-by-type';
import { quotePath } from '../../../lib/market';
import { useLiveTickers } from '../../../lib/market';
import { highlights, topSpot, type OverviewTab } from '../model/overview';

/** The home market overview: the chosen tab, its live tickers (undefined while loading) and where "more" leads. */
export function useMarketOverview() {
  const [tab, setTab] = useState<OverviewTab>('spot');
  const query = useTickersByType(tab === 'spot' ? 'SPOT' : 'CONTRACT');
  const selected = useMemo(
    () => (query.data ? (tab === 'spot' ? topSpot(query.data) : highlights(query.data)) : undefined),
    [query.data, tab],
  );
  const live = useLiveTickers(selected, tab === 'spot' ? 'CRYPTO' : null);
  return {
    tab,
    setTab,
    tickers: selected ? live : undefined,
    failed: query.isError,
    retry: () => void query.refetch(),
    morePath: quotePath(tab === 'spot' ? 'CRYPTO' : 'FOREX'),
  };
}

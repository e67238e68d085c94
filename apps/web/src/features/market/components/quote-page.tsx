import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MARKETS, type Market } from '@app/contract';
import { IconSearch } from '../../../components/icons';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { SEARCH_PATH } from '../../../lib/market';
import type { TickerSort } from '../hooks/sort-tickers';
import { FavoritesPanel, MarketPanel } from './quote-panels';
import { SortBar } from './sort-bar';
import '../../../lib/market/market.css';
import '../quote-search.css';

type QuoteTab = 'favorites' | Market;
const QUOTE_TABS: readonly QuoteTab[] = ['favorites', ...MARKETS];
const DEFAULT_TAB: QuoteTab = 'CRYPTO';

/** The tab in the URL (?tab=), so a reload or the way back from a chart keeps it. */
function parseTab(value: string | null): QuoteTab {
  return QUOTE_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;
}

/** /pages/quote/index: favourites and the five markets with live prices, sorting and a search entry. */
export function QuotePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const [sort, setSort] = useState<TickerSort | null>(null);

  return (
    <div className="quote">
      <Link className="search-box search-box--link" to={SEARCH_PATH}>
        <IconSearch size={20} className="search-box__icon" />
        <span>{t('market.searchPlaceholder')}</span>
      </Link>
      <TabList
        variant="scroll"
        label={t('market.groups')}
        idPrefix="quote"
        items={QUOTE_TABS.map((key) => ({ key, label: key === 'favorites' ? t('market.favorites') : t(`market.markets.${key}`) }))}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
      />
      <SortBar value={sort} onChange={setSort} />
      <div {...tabPanelProps('quote', tab)}>
        {tab === 'favorites' ? <FavoritesPanel sort={sort} /> : <MarketPanel key={tab} market={tab} sort={sort} />}
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/icons';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { SEARCH_PATH } from '../../../lib/market';
import { useQuoteView } from '../hooks/use-quote-view';
import { QUOTE_TABS } from '../model/quote-view';
import { FavoritesPanel, MarketPanel } from './quote-panels';
import { SortBar } from './sort-bar';
import '../../../lib/market/market.css';
import '../quote-search.css';

/** /pages/quote/index: favourites and the five markets with live prices, sorting and a search entry. */
export function QuotePage() {
  const { t } = useTranslation();
  const { tab, setTab, sort, setSort } = useQuoteView();

  return (
    <div className="quote">
      <Link className="search-box search-box--link" to={SEARCH_PATH}>
        <IconSearch size={20} className="search-box__icon" />
        <span>{t('market.searchPlaceholder')}</span>
      </Link>
      <TabList
        variant="wrap"
        label={t('market.groups')}
        idPrefix="quote"
        items={QUOTE_TABS.map((key) => ({
          key,
          label: key === 'favorites' ? t('market.favorites') : t(`market.markets.${key}`),
        }))}
        value={tab}
        onChange={setTab}
      />
      <SortBar value={sort} onChange={setSort} />
      <div {...tabPanelProps('quote', tab)}>
        {tab === 'favorites' ? <FavoritesPanel sort={sort} /> : <MarketPanel key={tab} market={tab} sort={sort} />}
      </div>
    </div>
  );
}

import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MARKETS, type Market, type Ticker } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { useFavorites } from '../../../lib/api/get-favorites';
import { useTickersByType } from '../../../lib/api/get-tickers-by-type';
import { SEARCH_MAX_LENGTH, useMarketSearch } from '../../../lib/api/search-market';
import { useDebouncedValue } from '../../../lib/browser/use-debounced-value';
import {
  changeSign,
  formatPercent,
  formatPrice,
  useLiveTickers,
  usePricesStale,
  type LiveTicker,
  type PriceDirection,
} from '../../../lib/market';
import { QUOTE_GROUPS, storedQuoteGroup, storeQuoteGroup, type QuoteGroup } from '../../../lib/market/quote-group';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { FlashPrice } from './flash-price';
import { useDashboardText } from './strings';

type Group = QuoteGroup;
/** A visitor's favourites: one array, so the list's memoised rows keep their props. */
const NONE: Ticker[] = [];
/** The search asks the server once typing has paused this long (as the phone's search page). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The markets list: favourites and the five market groups, live prices and 24 h change. The
 * search looks in every market, as the phone's search does (the server's search: symbol, base or
 * name), whichever group is selected, and shows the matches by market. The group chosen last is
 * kept for the session (shared with the phone's quote page). A row selects the instrument
 * (?symbol=), which every other panel follows.
 */
export function MarketsPanel({ selected }: { selected: string }) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const loggedIn = useIsLoggedIn();
  const [group, setGroupState] = useState<Group>(() => storedQuoteGroup() ?? 'CRYPTO');
  const setGroup = (next: Group) => {
    setGroupState(next);
    storeQuoteGroup(next);
  };
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.trim().length > 0;
  const search = useMarketSearch(searching ? q : '');
  const byType = useTickersByType(group === 'favorites' ? null : group);
  const favorites = useFavorites();
  const groupSource: Ticker[] | undefined = group === 'favorites' ? (loggedIn ? favorites.data : NONE) : byType.data;
  // While searching (every market), the results until the first answer comes.
  const source = searching ? (q ? search.data : undefined) : groupSource;
  const live = useLiveTickers(source, searching || group === 'favorites' ? null : group);
  const stale = usePricesStale('general');
  const label = searching
    ? t('market.resultCount', { count: live.length })
    : group === 'favorites'
      ? t('market.favorites')
      : t(`market.markets.${group}`);
  const sections: { market: Market | null; rows: readonly LiveTicker[] }[] = searching
    ? MARKETS.map((market) => ({ market, rows: live.filter((r) => r.market === market) })).filter(
        (s) => s.rows.length > 0,
      )
    : [{ market: null, rows: live }];
  const loadingHistory = live.some((r) => !r.complete24h);

  return (
    <section className="dash-panel dash-markets" aria-labelledby="dash-markets-title">
      <h2 id="dash-markets-title" className="dash-panel__title">
        {d('markets')}
      </h2>
      <input
        type="search"
        className="dash-search"
        aria-label={d('search')}
        placeholder={d('search')}
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <TabList<Group>
        label={t('market.groups')}
        idPrefix="dash-markets"
        variant="wrap"
        items={QUOTE_GROUPS.map((key) => ({
          key,
          label: key === 'favorites' ? t('market.favorites') : t(`market.markets.${key}`),
        }))}
        value={group}
        onChange={setGroup}
      />
      <div {...tabPanelProps('dash-markets', group)} className="dash-panel__body">
        {!searching && group === 'favorites' && !loggedIn ? (
          <p className="dash-empty">{t('market.favoritesLogin')}</p>
        ) : source === undefined ? (
          <DelayedLoading />
        ) : live.length === 0 ? (
          <p className="dash-empty">
            {searching
              ? t('market.noResults', { q: query.trim() })
              : group === 'favorites'
                ? t('market.noFavorites')
                : t('market.noInstruments')}
          </p>
        ) : (
          <>
            {loadingHistory ? (
              <p className="history-loading" role="status" data-testid="dash-history-loading">
                {t('marketList.historyLoading')}
              </p>
            ) : null}
            <table
              className={`dash-table dash-markets__table${stale ? ' is-stale' : ''}`}
              aria-label={stale ? `${label} (${t('marketList.pausedShort')})` : label}
            >
              <thead>
                <tr>
                  <th scope="col">{d('pair')}</th>
                  <th scope="col" className="is-end">
                    {d('price')}
                  </th>
                  <th scope="col" className="is-end">
                    {d('change')}
                  </th>
                </tr>
              </thead>
              {sections.map((section) => (
                <tbody key={section.market ?? 'group'}>
                  {section.market ? (
                    <tr className="dash-markets__group">
                      <th scope="rowgroup" colSpan={3}>
                        {t(`market.markets.${section.market}`)}
                      </th>
                    </tr>
                  ) : null}
                  {section.rows.map((ticker) => (
                    <MarketRow
                      key={ticker.symbol}
                      symbol={ticker.symbol}
                      displaySymbol={ticker.displaySymbol}
                      name={ticker.name}
                      price={formatPrice(ticker.price, ticker.priceDecimals)}
                      direction={ticker.direction}
                      change={ticker.complete24h ? ticker.changePercent24h : null}
                      loadingHistory={!ticker.complete24h}
                      closed={!ticker.open}
                      selected={ticker.symbol === selected}
                    />
                  ))}
                </tbody>
              ))}
            </table>
          </>
        )}
      </div>
    </section>
  );
}

interface MarketRowProps {
  symbol: string;
  displaySymbol: string;
  name: string;
  /** Formatted. */
  price: string;
  direction: PriceDirection;
  /** 24 h change in percent, as the ticker has it (2 decimals); null while it loads its history. */
  change: string | null;
  /** The 24 h figures are not whole yet (Ticker.complete24h false): the change cell says so. */
  loadingHistory: boolean;
  /** The instrument's session is closed now: tagged so, beside its symbol. */
  closed: boolean;
  selected: boolean;
}

/**
 * One instrument; memoised on the figures it shows: a tick that moves nothing on screen (the same
 * price, another volume) renders no row, so a list update renders only the rows that changed.
 */
const MarketRow = memo(function MarketRow({
  symbol,
  displaySymbol,
  name,
  price,
  direction,
  change,
  loadingHistory,
  closed,
  selected,
}: MarketRowProps) {
  const { t } = useTranslation();
  return (
    <tr className={selected ? 'is-selected' : undefined} data-symbol={symbol}>
      <td>
        <Link
          className="dash-markets__link"
          to={{ search: `?symbol=${symbol}` }}
          aria-current={selected ? 'true' : undefined}
        >
          <span className="dash-markets__symbol">
            {displaySymbol}
            {closed ? (
              <span className="dash-markets__closed" data-testid="dash-ticker-closed">
                {t('marketList.closed')}
              </span>
            ) : null}
          </span>
          <span className="dash-markets__name">{name}</span>
        </Link>
      </td>
      <td className="is-end">
        <FlashPrice value={price} direction={direction} testId="dash-ticker-price" />
      </td>
      <td className={`is-end mono change-text--${changeSign(change)}`} data-testid="dash-ticker-change">
        {formatPercent(change)}
        {loadingHistory ? <span className="visually-hidden">{t('marketList.historyLoadingShort')}</span> : null}
      </td>
    </tr>
  );
});

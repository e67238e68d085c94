import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MARKETS, type Ticker } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { useFavorites } from '../../../lib/api/get-favorites';
import { useTickersByType } from '../../../lib/api/get-tickers-by-type';
import {
  changeSign,
  formatPercent,
  formatPrice,
  useLiveTickers,
  usePricesStale,
  type LiveTicker,
  type PriceDirection,
} from '../../../lib/market';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { FlashPrice } from './flash-price';
import { useDashboardText } from './strings';

type Group = 'favorites' | (typeof MARKETS)[number];
const GROUPS: readonly Group[] = ['favorites', ...MARKETS];
/** A visitor's favourites: one array, so the list's memoised rows keep their props. */
const NONE: Ticker[] = [];

/** Rows matching the search (symbol, display symbol or name), in the server's order. */
function matching(tickers: readonly LiveTicker[], query: string): readonly LiveTicker[] {
  const q = query.trim().toLowerCase();
  if (!q) return tickers;
  return tickers.filter(
    (t) =>
      t.symbol.toLowerCase().includes(q) ||
      t.displaySymbol.toLowerCase().includes(q) ||
      t.name.toLowerCase().includes(q),
  );
}

/**
 * The markets list: favourites and the five market groups, a search over the group, live prices
 * and 24 h change. A row selects the instrument (?symbol=), which every other panel follows.
 */
export function MarketsPanel({ selected }: { selected: string }) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const loggedIn = useIsLoggedIn();
  const [group, setGroup] = useState<Group>('CRYPTO');
  const [query, setQuery] = useState('');
  const byType = useTickersByType(group === 'favorites' ? null : group);
  const favorites = useFavorites();
  const source: Ticker[] | undefined = group === 'favorites' ? (loggedIn ? favorites.data : NONE) : byType.data;
  const live = useLiveTickers(source, group === 'favorites' ? null : group);
  const rows = useMemo(() => matching(live, query), [live, query]);
  const stale = usePricesStale('general');
  const label = group === 'favorites' ? t('market.favorites') : t(`market.markets.${group}`);

  return (
    <section className="dash-panel dash-markets" aria-labelledby="dash-markets-title">
      <h2 id="dash-markets-title" className="dash-panel__title">
        {d('markets')}
      </h2>
      <input
        type="search"
        className="dash-search"
        aria-label={d('search')}
        placeholder={t('market.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <TabList<Group>
        label={t('market.groups')}
        idPrefix="dash-markets"
        variant="scroll"
        items={GROUPS.map((key) => ({
          key,
          label: key === 'favorites' ? t('market.favorites') : t(`market.markets.${key}`),
        }))}
        value={group}
        onChange={setGroup}
      />
      <div {...tabPanelProps('dash-markets', group)} className="dash-panel__body">
        {group === 'favorites' && !loggedIn ? (
          <p className="dash-empty">{t('market.favoritesLogin')}</p>
        ) : source === undefined ? (
          <DelayedLoading />
        ) : rows.length === 0 ? (
          <p className="dash-empty">
            {query.trim()
              ? t('market.noResults', { q: query.trim() })
              : group === 'favorites'
                ? t('market.noFavorites')
                : t('market.noInstruments')}
          </p>
        ) : (
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
            <tbody>
              {rows.map((ticker) => (
                <MarketRow
                  key={ticker.symbol}
                  symbol={ticker.symbol}
                  displaySymbol={ticker.displaySymbol}
                  name={ticker.name}
                  price={formatPrice(ticker.price, ticker.priceDecimals)}
                  direction={ticker.direction}
                  change={ticker.changePercent24h}
                  closed={!ticker.open}
                  selected={ticker.symbol === selected}
                />
              ))}
            </tbody>
          </table>
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
  /** 24 h change in percent, as the ticker has it (2 decimals). */
  change: string | null;
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
      </td>
    </tr>
  );
});

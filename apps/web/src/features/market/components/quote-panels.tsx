import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Market, Ticker } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { TickerList } from '../../../components/ticker-list';
import { useFavorites } from '../../../lib/api/get-favorites';
import { useTickersByType } from '../../../lib/api/get-tickers-by-type';
import { loginPathFor } from '../../../lib/routing/paths';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { usePointerHeld, useSortedLiveTickers } from '../hooks/use-quote-view';
import type { TickerSort } from '../model/sort-tickers';

interface PanelProps {
  sort: TickerSort | null;
}

interface LiveListProps extends PanelProps {
  /** The snapshot (HTTP); undefined while it loads. */
  tickers: Ticker[] | undefined;
  /** The general feed to follow: one market, or null for every market. */
  market: Market | null;
  label: string;
  failed: boolean;
  onRetry: () => void;
  empty: ReactNode;
}

/** A quote list kept live and in its sort's order, still under a finger (useSortedLiveTickers). */
function LiveList({ tickers, market, sort, label, failed, onRetry, empty }: LiveListProps) {
  const { t } = useTranslation();
  const [held, hold] = usePointerHeld();
  const sorted = useSortedLiveTickers(tickers, sort, market, held);
  if (!sorted) {
    return failed ? (
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('app.retry')}
      </button>
    ) : (
      <DelayedLoading />
    );
  }
  if (sorted.length === 0) return empty;
  return (
    <div {...hold}>
      <TickerList tickers={sorted} label={label} favorites />
    </div>
  );
}

/** One market's instruments. */
export function MarketPanel({ market, sort }: PanelProps & { market: Market }) {
  const { t } = useTranslation();
  const query = useTickersByType(market);
  return (
    <LiveList
      tickers={query.data}
      market={market}
      sort={sort}
      label={t(`market.markets.${market}`)}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      empty={<p className="market-empty">{t('market.noInstruments')}</p>}
    />
  );
}

/** The user's favourites; a visitor is invited to log in. */
export function FavoritesPanel({ sort }: PanelProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const query = useFavorites();
  if (!loggedIn) {
    return (
      <div className="market-empty">
        <p>{t('market.favoritesLogin')}</p>
        <Link className="button button--primary" to={loginPathFor(location.pathname + location.search)}>
          {t('auth.logIn')}
        </Link>
      </div>
    );
  }
  return (
    <LiveList
      tickers={query.data}
      market={null}
      sort={sort}
      label={t('market.favorites')}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      empty={<p className="market-empty">{t('market.noFavorites')}</p>}
    />
  );
}

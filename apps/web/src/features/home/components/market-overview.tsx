import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ticker } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { TickerList } from '../../../components/ticker-list';
import { useTickersByType } from '../../../lib/api/get-tickers-by-type';
import { quotePath } from '../../../lib/market';
import { useLiveTickers } from '../../../lib/market';
import '../banners.css';

type OverviewTab = 'spot' | 'contract';

/** Rows per tab: the overview is a glance; the quote page has the full lists. */
const OVERVIEW_ROWS = 8;

/**
 * Seconds contracts trade on every market: the overview shows the best-known instruments of
 * each (the quote page lists them all).
 */
const CONTRACT_HIGHLIGHTS: readonly string[] = ['BTCUSDT', 'ETHUSDT', 'EURUSD', 'XAUUSD', 'USOIL', 'NAS100', 'AAPLUSD', 'TSLAUSD'];

/** Crypto pairs with the largest 24 h turnover first. */
function topSpot(tickers: readonly Ticker[]): Ticker[] {
  return [...tickers].sort((a, b) => Number(b.quoteVolume24h) - Number(a.quoteVolume24h)).slice(0, OVERVIEW_ROWS);
}

function highlights(tickers: readonly Ticker[]): Ticker[] {
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  return CONTRACT_HIGHLIGHTS.flatMap((s) => bySymbol.get(s) ?? []);
}

/** The home market overview (spec §1): Spot and Seconds Contract tabs with live tickers. */
export function MarketOverview() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OverviewTab>('spot');
  const query = useTickersByType(tab === 'spot' ? 'SPOT' : 'CONTRACT');
  const selected = useMemo(() => (query.data ? (tab === 'spot' ? topSpot(query.data) : highlights(query.data)) : undefined), [query.data, tab]);
  const live = useLiveTickers(selected, tab === 'spot' ? 'CRYPTO' : null);

  return (
    <section className="market-overview" aria-labelledby="home-markets">
      <div className="market-overview__head">
        <h2 id="home-markets" className="section-title">
          {t('market.overview')}
        </h2>
        <Link className="link" to={quotePath(tab === 'spot' ? 'CRYPTO' : 'FOREX')}>
          {t('market.more')}
        </Link>
      </div>
      <TabList
        label={t('market.overview')}
        idPrefix="home-market"
        items={[
          { key: 'spot', label: t('market.spot') },
          { key: 'contract', label: t('market.secondsContract') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <div className="market-overview__panel" {...tabPanelProps('home-market', tab)}>
        {selected ? (
          <TickerList tickers={live} label={tab === 'spot' ? t('market.spot') : t('market.secondsContract')} />
        ) : query.isError ? (
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </button>
        ) : (
          <DelayedLoading />
        )}
      </div>
    </section>
  );
}

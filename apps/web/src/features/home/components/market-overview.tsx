import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { TickerList } from '../../../components/ticker-list';
import { useMarketOverview } from '../hooks/use-market-overview';

/** The home market overview (docs/product.md §1): Spot and Seconds Contract tabs with live tickers. */
export function MarketOverview() {
  const { t } = useTranslation();
  const { tab, setTab, tickers, failed, retry, morePath } = useMarketOverview();

  return (
    <section className="market-overview" aria-labelledby="home-markets">
      <div className="market-overview__head">
        <h2 id="home-markets" className="section-title">
          {t('market.overview')}
        </h2>
        <Link className="link" to={morePath}>
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
        {tickers ? (
          <TickerList tickers={tickers} label={tab === 'spot' ? t('market.spot') : t('market.secondsContract')} />
        ) : failed ? (
          <button type="button" className="button button--secondary" onClick={retry}>
            {t('app.retry')}
          </button>
        ) : (
          <DelayedLoading />
        )}
      </div>
    </section>
  );
}

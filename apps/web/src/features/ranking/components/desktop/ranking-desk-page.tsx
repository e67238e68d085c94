import { useTranslation } from 'react-i18next';
import { MARKETS } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../../components/page-state';
import { TabList, tabPanelProps } from '../../../../components/tab-list';
import { useRankings, useRankingView } from '../../hooks/use-ranking';
import { RANKINGS } from '../../model/rank';
import { useRankingText } from '../../strings';
import { RankingList } from '../ranking-list';
import '../../ranking.css';

/** /pages/desktop/ranking/index: a group's three rankings side by side. */
export function RankingDeskPage() {
  const { t } = useTranslation();
  const r = useRankingText();
  const { market, setMarket } = useRankingView();
  const { rankings, loadingHistory, loading, error, retry } = useRankings(market);
  return (
    <div className="desk-page ranking-desk">
      <section className="desk-panel ranking-desk__groups" aria-label={r('groups')}>
        <p className="ranking-page__intro">{r('intro')}</p>
        <TabList
          label={r('groups')}
          idPrefix="ranking-market"
          items={MARKETS.map((m) => ({ key: m, label: t(`market.markets.${m}`) }))}
          value={market}
          onChange={setMarket}
        />
      </section>
      <div {...tabPanelProps('ranking-market', market)} className="ranking-desk__columns">
        {RANKINGS.map((k) => (
          <section key={k} className="desk-panel" aria-labelledby={`ranking-desk-${k}`}>
            <h2 id={`ranking-desk-${k}`} className="desk-panel__title">
              {r(k)}
            </h2>
            {error ? (
              <PageLoadError onRetry={retry} />
            ) : loading ? (
              <DelayedLoading />
            ) : (
              <RankingList ranking={k} market={market} tickers={rankings[k]} />
            )}
          </section>
        ))}
      </div>
      {loadingHistory ? (
        <p className="ranking-page__note" role="status" data-testid="ranking-loading-history">
          {r('loadingHistory')}
        </p>
      ) : null}
      <p className="ranking-page__note">{r('note')}</p>
    </div>
  );
}

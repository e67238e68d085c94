import { useTranslation } from 'react-i18next';
import { MARKETS } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { useRankings, useRankingView } from '../hooks/use-ranking';
import { RANKINGS } from '../model/rank';
import { useRankingText } from '../strings';
import { RankingList } from './ranking-list';
import '../ranking.css';

/** /pages/home/ranking (the Rise and Drop Ranking shortcut): a group's gainers, losers and volume leaders, one list at a time. */
export function RankingPage() {
  const { t } = useTranslation();
  const r = useRankingText();
  const { market, list, setMarket, setList } = useRankingView();
  const { rankings, loadingHistory, loading, error, retry } = useRankings(market);
  return (
    <div className="ranking-page">
      <p className="ranking-page__intro">{r('intro')}</p>
      <TabList
        label={r('groups')}
        idPrefix="ranking-market"
        items={MARKETS.map((m) => ({ key: m, label: t(`market.markets.${m}`) }))}
        value={market}
        onChange={setMarket}
      />
      <div {...tabPanelProps('ranking-market', market)} className="ranking-page__panel">
        <TabList
          label={r('lists')}
          idPrefix="ranking-list"
          items={RANKINGS.map((k) => ({ key: k, label: r(k) }))}
          value={list}
          onChange={setList}
        />
        <div {...tabPanelProps('ranking-list', list)}>
          {error ? (
            <PageLoadError onRetry={retry} />
          ) : loading ? (
            <DelayedLoading />
          ) : (
            <RankingList ranking={list} market={market} tickers={rankings[list]} />
          )}
        </div>
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

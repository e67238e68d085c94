import { useTranslation } from 'react-i18next';
import type { Market } from '@app/contract';
import { TickerList } from '../../../components/ticker-list';
import type { LiveTicker } from '../../../lib/market';
import type { Ranking } from '../model/rank';
import { useRankingText } from '../strings';

const EMPTY = { gainers: 'emptyGainers', losers: 'emptyLosers', volume: 'emptyVolume' } as const;

/** One ranking of a group: its instruments best first, each opening its chart, or why it is empty. */
export function RankingList({ ranking, market, tickers }: { ranking: Ranking; market: Market; tickers: LiveTicker[] }) {
  const { t } = useTranslation();
  const r = useRankingText();
  const marketName = t(`market.markets.${market}`);
  if (tickers.length === 0)
    return (
      <p className="empty-text" data-testid={`ranking-empty-${ranking}`}>
        {r(EMPTY[ranking], { market: marketName })}
      </p>
    );
  return (
    <div data-testid={`ranking-${ranking}`}>
      <TickerList tickers={tickers} label={r('listOf', { list: r(ranking), market: marketName })} />
    </div>
  );
}

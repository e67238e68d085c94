import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MARKETS, type Market } from '@app/contract';
import { useTickersByType } from '../../../lib/api/get-tickers-by-type';
import { useLiveTickers } from '../../../lib/market';
import { parseRanking, rankTickers, RANKINGS, type Ranking } from '../model/rank';

/** A `?market=` value, or crypto (the group with the most movement around the clock). */
export function parseMarket(value: string | null): Market {
  return (MARKETS as readonly string[]).includes(value ?? '') ? (value as Market) : 'CRYPTO';
}

/** The group and the ranking shown, kept in the address so that coming back shows the same. */
export function useRankingView() {
  const [params, setParams] = useSearchParams();
  const market = parseMarket(params.get('market'));
  const list = parseRanking(params.get('list'));
  const set = (next: { market?: Market; list?: Ranking }) =>
    setParams({ market: next.market ?? market, list: next.list ?? list }, { replace: true });
  return { market, list, setMarket: (m: Market) => set({ market: m }), setList: (l: Ranking) => set({ list: l }) };
}

/**
 * A market group's rankings, live: its tickers' snapshot kept moving by the websocket's general feed
 * (lib/market), ranked again whenever a batch of ticks lands (at most four times a second).
 */
export function useRankings(market: Market) {
  const snapshot = useTickersByType(market);
  const live = useLiveTickers(snapshot.data, market);
  const rankings = useMemo(
    () => Object.fromEntries(RANKINGS.map((r) => [r, rankTickers(live, r)])) as Record<Ranking, typeof live>,
    [live],
  );
  // Instruments whose 24 h figures are not whole yet are left out of every ranking (model/rank.ts); the page says so.
  const loadingHistory = live.some((t) => !t.complete24h);
  return {
    rankings,
    loadingHistory,
    loading: snapshot.isPending,
    error: snapshot.isError,
    retry: () => void snapshot.refetch(),
  };
}

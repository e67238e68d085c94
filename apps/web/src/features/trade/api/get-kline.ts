import { useQuery } from '@tanstack/react-query';
import { API, type CandleInterval, type KlineResult } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** Candles loaded per chart: enough to scroll back a while on every interval. */
export const CHART_CANDLES = 300;

/** The newest candles of a symbol and interval, oldest first (the last may be the live one). */
export function getKline(symbol: string, interval: CandleInterval): Promise<KlineResult> {
  return apiGet<KlineResult>(API.market.kline, { symbol, interval, limit: CHART_CANDLES });
}

export function klineQueryKey(symbol: string, interval: CandleInterval) {
  return ['market', 'kline', symbol, interval] as const;
}

/** History only: the live candle moves over the chart channel. Never served stale. Asked for once `enabled`. */
export function useKline(symbol: string, interval: CandleInterval, enabled = true) {
  return useQuery({
    queryKey: klineQueryKey(symbol, interval),
    queryFn: () => getKline(symbol, interval),
    staleTime: 0,
    gcTime: 0,
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { API, type TradingTime } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** Looked at again at least this often, and right after the session opens or closes. */
const RECHECK_MS = 60_000;

/** Whether an instrument's session is open now, and when it next opens or closes (docs/product.md §7 checkTradingTime). */
export function getTradingTime(symbol: string): Promise<TradingTime> {
  return apiGet<TradingTime>(API.forex.checkTradingTime, { symbol });
}

/** Asked for once `enabled`. */
export function useTradingTime(symbol: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['trading-time', symbol],
    queryFn: () => getTradingTime(symbol),
    staleTime: 0,
    refetchInterval: (q) => {
      const t = q.state.data;
      const next = t ? (t.open ? t.nextClose : t.nextOpen) : null;
      if (next === null) return RECHECK_MS;
      return Math.min(RECHECK_MS, Math.max(1000, next - Date.now() + 500));
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { API, type Ticker } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** One symbol's ticker with its 24 h statistics (GET getMarketPrice?symbol=). */
export async function getTicker(symbol: string): Promise<Ticker | null> {
  const list = await apiGet<Ticker[]>(API.market.getMarketPrice, { symbol });
  return list[0] ?? null;
}

/** The first paint of the price header; the realtime channel takes over from there. */
export function useTicker(symbol: string, enabled = true) {
  return useQuery({ queryKey: ['market', 'ticker', symbol], queryFn: () => getTicker(symbol), staleTime: 0, enabled });
}

import { useState } from 'react';
import { instrumentOf } from '@app/contract';
import { useTradingTime } from '../api/get-trading-time';

export type EntryTab = 'contract' | 'spot';

/**
 * The order entry of one instrument: a seconds contract on any, spot on crypto only; whether its
 * market is open now (checkTradingTime). The openOrders feed keeps the lists current (the shell mounts it).
 */
export function useOrderEntry(symbol: string) {
  const instrument = instrumentOf(symbol);
  const spotAvailable = instrument?.market === 'CRYPTO';
  const [chosen, setChosen] = useState<EntryTab>('contract');
  const tradingTime = useTradingTime(symbol);
  return {
    instrument,
    tabs: spotAvailable ? (['contract', 'spot'] as const) : (['contract'] as const),
    tab: spotAvailable ? chosen : ('contract' as const),
    setTab: setChosen,
    // Until the answer comes, the order is allowed: the server refuses it if the market is closed.
    open: tradingTime.data?.open ?? true,
    nextOpen: tradingTime.data?.nextOpen ?? null,
    /** The market refused an order as closed: ask again when it opens. */
    recheck: () => void tradingTime.refetch(),
  };
}

import { useState } from 'react';
import type { OtcTrade } from '@app/contract';
import { useAssetList } from '../../../lib/api/get-asset-list';
import { useExchangeInfo } from '../api/get-exchange-info';
import { useQuoteCountdown } from './use-quote-countdown';

export const OTC_TABS = ['buy', 'sell', 'flash', 'history'] as const;
export type OtcTab = (typeof OTC_TABS)[number];

/**
 * The OTC page: the chosen tab, the live quote (fetched again quietly when it expires), the
 * seconds it stays valid, and the last trade's result (cleared by a change of tab).
 */
export function useOtcPage() {
  const [tab, setTab] = useState<OtcTab>('buy');
  const [result, setResult] = useState<OtcTrade | null>(null);
  const quote = useExchangeInfo();
  const assets = useAssetList();
  const seconds = useQuoteCountdown(quote.data?.expiresAt, () => {
    // The page is not trading at that moment: quietly fetch fresh rates.
    if (!quote.isFetching) void quote.refetch();
  });
  return {
    tab,
    selectTab: (next: OtcTab) => {
      setTab(next);
      setResult(null);
    },
    quote,
    assets: assets.data,
    /** Fetches a new quote and resolves with it. */
    requote: async () => (await quote.refetch()).data,
    seconds,
    result,
    setResult,
  };
}

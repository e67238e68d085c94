import { useEffect } from 'react';
import type { CandleInterval } from '@app/contract';
import { useMarketStream } from '../../../lib/market';
import { useKline } from '../api/get-kline';
import { toBar } from '../model/chart-bars';
import type { CandleChart } from './use-candle-chart';

/**
 * Feeds `chart` the candles of one interval: the history over HTTP, the live candle over the
 * chart channel. Returns the history query (its error and emptiness are the screen's to show).
 */
export function useCandleFeed(chart: CandleChart, generation: number, symbol: string, interval: CandleInterval) {
  const history = useKline(symbol, interval);

  // While another interval loads the chart is empty: live candles wait for their history.
  useEffect(() => {
    if (generation > 0) chart.setBars(history.data ? history.data.candles.map(toBar) : []);
  }, [history.data, chart, generation]);

  useMarketStream(
    { channel: 'chart', currency: symbol, interval },
    {
      onData: (m) => {
        if (m.eventType === 'kline') chart.updateBar(toBar(m.data));
      },
      // Candles may have finished while the connection was down: load the history again.
      onReconnect: () => void history.refetch(),
    },
  );
  return history;
}

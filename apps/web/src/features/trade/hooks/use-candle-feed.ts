import { useEffect, useMemo, useState } from 'react';
import type { CandleInterval } from '@app/contract';
import { useMarketStream } from '../../../lib/market';
import { useKline } from '../api/get-kline';
import { toBar, toVolumeBar } from '../model/chart-bars';
import type { CandleChart } from './use-candle-chart';

/**
 * Feeds `chart` the candles and volume bars of one interval: the history over HTTP, the live
 * candle over the chart channel. Returns the history query (its error and emptiness are the
 * screen's to show) and the newest candle's volume (the legend's figure). The history is asked
 * for once `enabled` (the chart's first paint is done: its 45 KB do not hold up the page's).
 */
export function useCandleFeed(
  chart: CandleChart,
  generation: number,
  symbol: string,
  interval: CandleInterval,
  enabled = true,
) {
  const history = useKline(symbol, interval, enabled);
  const [liveVolume, setLiveVolume] = useState<{ interval: CandleInterval; volume: string } | null>(null);

  // While another interval loads the chart is empty: live candles wait for their history. The
  // bars go to the chart as soon as they arrive, before it exists too (it draws them with its
  // first frame), and again to each new chart (`generation`): the same arrays, drawn once.
  const bars = useMemo(() => {
    const candles = history.data?.candles ?? [];
    return { bars: candles.map(toBar), volumes: candles.map(toVolumeBar) };
  }, [history.data]);
  useEffect(() => {
    chart.setBars(bars.bars, bars.volumes);
  }, [bars, chart, generation]);

  useMarketStream(
    { channel: 'chart', currency: symbol, interval },
    {
      onData: (m) => {
        if (m.eventType !== 'kline') return;
        chart.updateBar(toBar(m.data), toVolumeBar(m.data));
        setLiveVolume((v) =>
          v?.volume === m.data.volume && v.interval === interval ? v : { interval, volume: m.data.volume },
        );
      },
      // Candles may have finished while the connection was down: load the history again.
      onReconnect: () => void history.refetch(),
    },
  );
  const lastVolume =
    liveVolume?.interval === interval ? liveVolume.volume : (history.data?.candles.at(-1)?.volume ?? null);
  return { history, lastVolume };
}

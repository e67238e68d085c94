import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CANDLE_INTERVALS, type CandleInterval } from '@app/contract';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useMarketStream } from '../../../lib/use-market-stream';
import { useKline } from '../api/get-kline';
import { toBar } from '../hooks/chart-bars';
import { useCandleChart } from '../hooks/use-candle-chart';

interface CandleChartProps {
  symbol: string;
  priceDecimals: number;
  interval: CandleInterval;
  onIntervalChange: (interval: CandleInterval) => void;
}

/** Candles of one interval: history over HTTP, the live candle over the chart channel. */
export function CandleChart({ symbol, priceDecimals, interval, onIntervalChange }: CandleChartProps) {
  const { t } = useTranslation();
  const theme = useSessionStore((s) => s.theme);
  const language = useSessionStore((s) => s.language);
  const container = useRef<HTMLDivElement>(null);
  const { chart, generation } = useCandleChart(container, { priceDecimals, theme, locale: htmlLang(language) });
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

  return (
    <section className="chart-card" aria-label={t('chart.title')}>
      <TabList
        label={t('chart.interval')}
        idPrefix="chart-interval"
        items={CANDLE_INTERVALS.map((key) => ({ key, label: key }))}
        value={interval}
        onChange={onIntervalChange}
      />
      <div className="chart-card__canvas" {...tabPanelProps('chart-interval', interval)}>
        {/* lightweight-charts owns this element's children; React renders none into it. */}
        <div className="chart-card__surface" ref={container} />
        {history.isError ? (
          <p className="chart-card__state">{t('pageState.errorText')}</p>
        ) : history.data && history.data.candles.length === 0 ? (
          <p className="chart-card__state">{t('chart.noData')}</p>
        ) : null}
      </div>
    </section>
  );
}

import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CANDLE_INTERVALS, type CandleInterval } from '@app/contract';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useCandleChart } from '../hooks/use-candle-chart';
import { useCandleFeed } from '../hooks/use-candle-feed';

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
  const history = useCandleFeed(chart, generation, symbol, interval);

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

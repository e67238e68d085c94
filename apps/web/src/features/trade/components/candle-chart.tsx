import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CANDLE_INTERVALS, type CandleInterval, type Instrument } from '@app/contract';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { usePainted } from '../../../lib/browser/use-painted';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useCandleChart } from '../hooks/use-candle-chart';
import { useCandleFeed } from '../hooks/use-candle-feed';
import { useChartContracts, type ChartContract } from '../hooks/use-chart-contracts';
import { useVolumeUnit } from '../hooks/use-volume-unit';
import { formatCountdown } from '../model/contract-math';
import { formatSymbolAmount, formatSymbolPrice } from '../model/order-display';
import '../strings';

/** The library's licence asks for a link to TradingView on the page that shows the chart. */
const TRADINGVIEW_URL = 'https://www.tradingview.com/';

interface CandleChartProps {
  instrument: Instrument;
  interval: CandleInterval;
  onIntervalChange: (interval: CandleInterval) => void;
}

/** The open contracts drawn on the chart, in words (a canvas says nothing to a screen reader). */
function OpenContractsLegend({ contracts, symbol }: { contracts: ChartContract[]; symbol: string }) {
  const { t } = useTranslation();
  if (contracts.length === 0) return null;
  return (
    <ul className="chart-card__contracts" aria-label={t('tradeChart.openContracts')} data-testid="chart-contracts">
      {contracts.map((c) => (
        <li key={c.key} className={`chart-card__contract chart-card__contract--${c.direction}`}>
          {t('tradeChart.openContract', {
            direction: t(`orders.directions.${c.direction}`),
            price: formatSymbolPrice(symbol, c.openPrice),
            time: c.msLeft > 0 ? formatCountdown(c.msLeft) : t('orders.settling'),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Candles and volume of one interval (history over HTTP, the live candle over the chart
 * channel), the user's open contracts on them, and the chart library's attribution.
 * Memoised: a parent re-rendering for its own live data (the dashboard, per depth update) does not re-render it.
 */
export const CandleChart = memo(function CandleChart({ instrument, interval, onIntervalChange }: CandleChartProps) {
  const { t } = useTranslation();
  const { symbol } = instrument;
  const theme = useSessionStore((s) => s.theme);
  const language = useSessionStore((s) => s.language);
  const container = useRef<HTMLDivElement>(null);
  // The chart library (about 50 KB gzip) and the candles (about 45 KB) are asked for once the
  // page around the chart has been painted: they do not hold up its first paint (issue 14).
  const painted = usePainted();
  const { chart, generation, failed, retry } = useCandleChart(container, {
    priceDecimals: instrument.priceDecimals,
    theme,
    locale: htmlLang(language),
    enabled: painted,
  });
  const { history, lastVolume } = useCandleFeed(chart, generation, symbol, interval, painted);
  const contracts = useChartContracts(chart, generation, instrument, interval);
  const volumeUnit = useVolumeUnit(instrument);

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
        {failed ? (
          <div className="chart-card__state chart-card__state--retry" role="alert">
            <p>{t('pageState.errorText')}</p>
            <button type="button" className="button button--secondary" onClick={retry}>
              {t('app.retry')}
            </button>
          </div>
        ) : history.isError ? (
          <p className="chart-card__state">{t('pageState.errorText')}</p>
        ) : history.data && history.data.candles.length === 0 ? (
          <p className="chart-card__state">{t('chart.noData')}</p>
        ) : null}
      </div>
      <OpenContractsLegend contracts={contracts} symbol={symbol} />
      <div className="chart-card__footer">
        <p className="chart-card__volume" data-testid="chart-volume">
          <span className="chart-card__volume-label">{t('tradeChart.volume', { asset: volumeUnit })}</span>{' '}
          <span className="mono">{lastVolume === null ? '--' : formatSymbolAmount(symbol, lastVolume)}</span>
        </p>
        <a className="chart-card__attribution" href={TRADINGVIEW_URL} target="_blank" rel="noopener noreferrer">
          {t('tradeChart.attribution')}
        </a>
      </div>
    </section>
  );
});

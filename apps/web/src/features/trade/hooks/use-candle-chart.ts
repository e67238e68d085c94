import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  CandlestickSeries,
  ColorType,
  TickMarkType,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatChartPrice } from '../../../lib/format';
import { priceFormatOf } from '../model/chart-bars';

interface ChartColors {
  surface: string;
  text: string;
  grid: string;
  up: string;
  down: string;
}

/** The page's palette (tokens.css, lib/market/market.css), so the chart follows the theme. */
function readColors(): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    surface: v('--color-surface', '#ffffff'),
    text: v('--color-text-muted', '#535c6e'),
    grid: v('--color-border', '#d9dfea'),
    up: v('--color-up', '#137a3a'),
    down: v('--color-down', '#c62828'),
  };
}

const dateOf = (time: Time) => new Date((typeof time === 'number' ? time : 0) * 1000);

/** Axis labels and the crosshair time in the user's time zone and language (the chart's default is UTC). */
function timeFormatters(locale: string) {
  const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
  const year = fmt({ year: 'numeric' });
  const month = fmt({ month: 'short' });
  const day = fmt({ month: 'numeric', day: 'numeric' });
  const hm = fmt({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const full = fmt({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const d = dateOf(time);
      if (type === TickMarkType.Year) return year.format(d);
      if (type === TickMarkType.Month) return month.format(d);
      if (type === TickMarkType.DayOfMonth) return day.format(d);
      return hm.format(d);
    },
    timeFormatter: (time: Time) => full.format(dateOf(time)),
  };
}

export interface CandleChart {
  /** Replaces every candle (history loaded). */
  setBars(bars: CandlestickData<UTCTimestamp>[]): void;
  /** Updates the live candle or appends a new one; older candles than the last are ignored. */
  updateBar(bar: CandlestickData<UTCTimestamp>): void;
}

/**
 * A lightweight-charts candlestick chart in `container` (TradingView's attribution logo stays, as
 * its licence asks). Recreated when the decimals, theme or language change; the bars are set
 * again by the caller then (`generation` changes).
 */
export function useCandleChart(
  container: RefObject<HTMLDivElement | null>,
  options: { priceDecimals: number; theme: string; locale: string },
): { chart: CandleChart; generation: number } {
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastTime = useRef<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const { priceDecimals, theme, locale } = options;

  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const colors = readColors();
    const { tickMarkFormatter, timeFormatter } = timeFormatters(locale);
    const chart: IChartApi = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: colors.surface }, textColor: colors.text, attributionLogo: true },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderColor: colors.grid },
      timeScale: { borderColor: colors.grid, timeVisible: true, secondsVisible: false, tickMarkFormatter },
      localization: { locale, timeFormatter, priceFormatter: (price: number) => formatChartPrice(price, priceDecimals, locale) },
    });
    series.current = chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      borderVisible: false,
      priceFormat: priceFormatOf(priceDecimals),
    });
    lastTime.current = null;
    setGeneration((g) => g + 1);
    return () => {
      series.current = null;
      chart.remove();
    };
  }, [container, priceDecimals, theme, locale]);

  const chart = useRef<CandleChart>({
    setBars(bars) {
      if (!series.current) return;
      series.current.setData(bars);
      lastTime.current = bars.at(-1)?.time ?? null;
    },
    updateBar(bar) {
      if (!series.current || lastTime.current === null || bar.time < lastTime.current) return;
      series.current.update(bar);
      lastTime.current = bar.time;
    },
  }).current;

  return { chart, generation };
}

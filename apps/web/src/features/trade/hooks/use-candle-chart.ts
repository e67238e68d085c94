import { useEffect, useRef, useState, type RefObject } from 'react';
import type {
  CandlestickData,
  IChartApi,
  IPriceLine,
  ISeriesApi,
  ISeriesMarkersPluginApi,
  Time,
  TickMarkType,
  UTCTimestamp,
} from 'lightweight-charts';
import type * as ChartLibraryModule from '../chart-library';
import { displayTimeZone, formatChartPrice } from '../../../lib/format';
import { priceFormatOf, type ContractMark, type VolumeBar } from '../model/chart-bars';
import { nextTask } from '../../../lib/browser/after-paint';

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

/**
 * The chart library (about 50 KB gzip) is loaded by the chart itself, so only the page that
 * shows a chart fetches it (issue 14), and that page shows its other parts first.
 */
type ChartLibrary = typeof ChartLibraryModule;
/**
 * The library, a task after its module has run: its start-up (15-20 ms here, four times that on a
 * slow phone) and the chart's creation are two tasks, not one that holds the page (issue 34).
 */
const loadChartLibrary = (): Promise<ChartLibrary> => import('../chart-library').then(nextTask);

const dateOf = (time: Time) => new Date((typeof time === 'number' ? time : 0) * 1000);

/**
 * Axis labels and the crosshair time in the display zone (the user's own, or New York's when chosen in
 * the settings) and the language (the chart's default is UTC).
 */
function timeFormatters(lib: ChartLibrary, locale: string) {
  const timeZone = displayTimeZone();
  const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone });
  const year = fmt({ year: 'numeric' });
  const month = fmt({ month: 'short' });
  const day = fmt({ month: 'numeric', day: 'numeric' });
  const hm = fmt({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const full = fmt({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const d = dateOf(time);
      if (type === lib.TickMarkType.Year) return year.format(d);
      if (type === lib.TickMarkType.Month) return month.format(d);
      if (type === lib.TickMarkType.DayOfMonth) return day.format(d);
      return hm.format(d);
    },
    timeFormatter: (time: Time) => full.format(dateOf(time)),
  };
}

/** Half-transparent volume bars, so the candles above them stay the eye's first stop (#rgb or #rrggbb; others as they are). */
export function translucent(color: string, alpha = 0.45): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** An open contract's line on the chart: its direction, and the time left as the axis label. */
export interface ContractLine extends ContractMark {
  label: string;
}

export interface CandleChart {
  /**
   * Replaces every candle and volume bar (history loaded). Given before the chart exists (the
   * library still loading), they are drawn with its first frame; the same arrays again do nothing.
   */
  setBars(bars: CandlestickData<UTCTimestamp>[], volumes: VolumeBar[]): void;
  /** Updates the live candle or appends a new one; older candles than the last are ignored. */
  updateBar(bar: CandlestickData<UTCTimestamp>, volume: VolumeBar): void;
  /** Draws exactly these open contracts: a dashed line at each open price, a marker on its candle. */
  setContracts(lines: readonly ContractLine[]): void;
}

/**
 * A lightweight-charts candlestick chart with volume bars in `container`. TradingView's logo is
 * off (it covered the newest candles); the attribution its licence asks for is a link beneath
 * the chart (components/candle-chart.tsx). Recreated when the decimals, theme or language
 * change; the bars and contracts are set again by the caller then (`generation` changes).
 *
 * Attribution notice (lightweight-charts NOTICE): TradingView Lightweight Charts™,
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 */
export function useCandleChart(
  container: RefObject<HTMLDivElement | null>,
  options: { priceDecimals: number; theme: string; locale: string; enabled?: boolean },
): { chart: CandleChart; generation: number; failed: boolean; retry: () => void } {
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volume = useRef<ISeriesApi<'Histogram'> | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const lines = useRef(new Map<string, IPriceLine>());
  const colorsRef = useRef<ChartColors | null>(null);
  const lastTime = useRef<number | null>(null);
  const libRef = useRef<ChartLibrary | null>(null);
  /** The bars last given to setBars, and those the current chart shows (null: none yet). */
  const givenBars = useRef<{ bars: CandlestickData<UTCTimestamp>[]; volumes: VolumeBar[] } | null>(null);
  const shownBars = useRef<CandlestickData<UTCTimestamp>[] | null>(null);
  const [generation, setGeneration] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { priceDecimals, theme, locale, enabled = true } = options;

  /** Builds the chart in `el` and returns what removes it. */
  function createCandleChart(lib: ChartLibrary, el: HTMLDivElement): () => void {
    const colors = readColors();
    const { tickMarkFormatter, timeFormatter } = timeFormatters(lib, locale);
    const chart: IChartApi = lib.createChart(el, {
      autoSize: true,
      layout: {
        background: { type: lib.ColorType.Solid, color: colors.surface },
        textColor: colors.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      // Candles above, volume below: the two scales share the pane without overlapping.
      rightPriceScale: { borderColor: colors.grid, scaleMargins: { top: 0.08, bottom: 0.26 } },
      timeScale: {
        borderColor: colors.grid,
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter,
        // Room right of the newest candle: its time label stays clear of the price scale.
        rightOffset: 4,
      },
      localization: {
        locale,
        timeFormatter,
        priceFormatter: (price: number) => formatChartPrice(price, priceDecimals, locale),
      },
    });
    libRef.current = lib;
    colorsRef.current = colors;
    volume.current = chart.addSeries(lib.HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    series.current = chart.addSeries(lib.CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      borderVisible: false,
      priceFormat: priceFormatOf(priceDecimals),
    });
    markers.current = lib.createSeriesMarkers(series.current, []);
    lines.current = new Map();
    lastTime.current = null;
    shownBars.current = null;
    // Candles that arrived before the library are in the first frame: one full draw, not two.
    if (givenBars.current) showBars(givenBars.current.bars, givenBars.current.volumes);
    setGeneration((g) => g + 1);
    return () => {
      series.current = null;
      volume.current = null;
      markers.current = null;
      lines.current = new Map();
      chart.remove();
    };
  }

  useEffect(() => {
    const el = container.current;
    if (!el || !enabled) return undefined;
    let live = true;
    let remove: (() => void) | null = null;
    loadChartLibrary().then(
      (lib) => {
        if (!live) return;
        remove = createCandleChart(lib, el);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      remove?.();
    };
  }, [container, priceDecimals, theme, locale, attempt, enabled]);

  const volumeData = (bar: VolumeBar) => {
    const c = colorsRef.current;
    return { time: bar.time, value: bar.value, ...(c ? { color: translucent(bar.rising ? c.up : c.down) } : {}) };
  };

  function showBars(bars: CandlestickData<UTCTimestamp>[], volumes: VolumeBar[]) {
    if (!series.current || shownBars.current === bars) return;
    series.current.setData(bars);
    volume.current?.setData(volumes.map(volumeData));
    lastTime.current = bars.at(-1)?.time ?? null;
    shownBars.current = bars;
  }

  const chart = useRef<CandleChart>({
    setBars(bars, volumes) {
      givenBars.current = { bars, volumes };
      showBars(bars, volumes);
    },
    updateBar(bar, vol) {
      if (!series.current || lastTime.current === null || bar.time < lastTime.current) return;
      series.current.update(bar);
      volume.current?.update(volumeData(vol));
      lastTime.current = bar.time;
    },
    setContracts(next) {
      const s = series.current;
      const c = colorsRef.current;
      const lib = libRef.current;
      if (!s || !c || !lib) return;
      const keep = new Set(next.map((l) => l.key));
      for (const [key, line] of lines.current) {
        if (!keep.has(key)) {
          s.removePriceLine(line);
          lines.current.delete(key);
        }
      }
      for (const l of next) {
        const color = l.direction === 'up' ? c.up : c.down;
        const options = {
          price: l.price,
          color,
          title: l.label,
          lineWidth: 2 as const,
          lineStyle: lib.LineStyle.Dashed,
          axisLabelVisible: true,
        };
        const line = lines.current.get(l.key);
        if (line) line.applyOptions(options);
        else lines.current.set(l.key, s.createPriceLine(options));
      }
      // A marker needs a candle at its time: contracts opened after the newest one wait for it.
      const last = lastTime.current;
      markers.current?.setMarkers(
        next
          .filter((l) => last !== null && l.candleTime <= last)
          .map((l) => ({
            time: l.candleTime,
            position: l.direction === 'up' ? ('belowBar' as const) : ('aboveBar' as const),
            shape: l.direction === 'up' ? ('arrowUp' as const) : ('arrowDown' as const),
            color: l.direction === 'up' ? c.up : c.down,
            id: l.key,
          })),
      );
    },
  }).current;

  /** The library could not be loaded (offline); `retry` tries again. */
  return { chart, generation, failed, retry: () => setAttempt((n) => n + 1) };
}

/**
 * What the chart uses of lightweight-charts, loaded by hooks/use-candle-chart.ts with import():
 * a namespace import keeps every export of the library, this module only these.
 */
export {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  LineStyle,
  TickMarkType,
  createChart,
  createSeriesMarkers,
} from 'lightweight-charts';

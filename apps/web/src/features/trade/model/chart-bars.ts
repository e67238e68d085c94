import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '@app/contract';

/** A candle as the chart takes it: seconds since the epoch, numbers (display only). */
export function toBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: Math.floor(candle.openTime / 1000) as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/** The chart's price steps: the instrument's own decimals. */
export function priceFormatOf(decimals: number) {
  return { type: 'price' as const, precision: decimals, minMove: 10 ** -decimals };
}

import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import { candleOpenTime, type Candle, type CandleInterval, type Contract } from '@app/contract';

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

/** A candle's volume bar: the base amount traded, coloured as its candle rose or fell. */
export interface VolumeBar {
  time: UTCTimestamp;
  value: number;
  rising: boolean;
}

export function toVolumeBar(candle: Candle): VolumeBar {
  return {
    time: Math.floor(candle.openTime / 1000) as UTCTimestamp,
    value: Number(candle.volume),
    rising: Number(candle.close) >= Number(candle.open),
  };
}

/** The chart's price steps: the instrument's own decimals. */
export function priceFormatOf(decimals: number) {
  return { type: 'price' as const, precision: decimals, minMove: 10 ** -decimals };
}

/** An open contract as the chart draws it: a line at its open price, a marker on the candle it opened in. */
export interface ContractMark {
  key: string;
  direction: Contract['direction'];
  /** The open price as the server wrote it, and as the chart draws it. */
  openPrice: string;
  price: number;
  /** Open time of the candle (of the chart's interval) the contract opened in, in seconds. */
  candleTime: UTCTimestamp;
  expiresAt: number;
}

/** The open contracts of one instrument as chart marks, oldest first. */
export function contractMarks(contracts: readonly Contract[], interval: CandleInterval): ContractMark[] {
  return contracts
    .filter((c) => c.status === 'open')
    .map((c) => ({
      key: String(c.id),
      direction: c.direction,
      openPrice: c.openTick.price,
      price: Number(c.openTick.price),
      candleTime: Math.floor(candleOpenTime(interval, c.openTime) / 1000) as UTCTimestamp,
      expiresAt: c.expiresAt,
    }))
    .sort((a, b) => a.candleTime - b.candleTime || a.key.localeCompare(b.key));
}

import type { Instrument, Market } from '@app/contract';

/**
 * What a candle's or a ticker's `volume` counts. The server sums tick amounts (candles.ts); the
 * feed (Binance for crypto) and the simulator give an amount in units of the instrument's base at
 * its quoted price, which is, per market:
 * - CRYPTO: coins of the base (BTC);
 * - FOREX: the base currency (EUR of EURUSD): a notional, not lots;
 * - STOCK: shares;
 * - CFD, INDIES: contracts of one quoted unit (an ounce of gold, a barrel of oil, the index × 1).
 * The chart's volume legend and the price header's base volume both name it from here.
 */
export type VolumeUnit = { kind: 'asset'; asset: string } | { kind: 'shares' } | { kind: 'contracts' };

const BY_MARKET: Record<Market, VolumeUnit['kind']> = {
  CRYPTO: 'asset',
  FOREX: 'asset',
  STOCK: 'shares',
  CFD: 'contracts',
  INDIES: 'contracts',
};

export function volumeUnitOf(instrument: Pick<Instrument, 'market' | 'base'>): VolumeUnit {
  const kind = BY_MARKET[instrument.market];
  return kind === 'asset' ? { kind, asset: instrument.base } : { kind };
}

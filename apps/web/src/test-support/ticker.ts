import type { Ticker } from '@app/contract';

/** A ticker for unit tests: an open CRYPTO instrument without prices, with `over` applied. */
export function ticker(over: Partial<Ticker> & Pick<Ticker, 'symbol'>): Ticker {
  return {
    displaySymbol: over.symbol,
    market: 'CRYPTO',
    name: over.symbol,
    priceDecimals: 2,
    price: null,
    bid: null,
    ask: null,
    open24h: null,
    high24h: null,
    low24h: null,
    volume24h: '0',
    quoteVolume24h: '0',
    change24h: null,
    changePercent24h: null,
    time: null,
    open: true,
    stale: false,
    complete24h: true,
    ...over,
  };
}

import { describe, expect, it } from 'vitest';
import type { Ticker } from '@app/contract';
import { compareDecimal, parseRanking, rankTickers } from './rank';

const ticker = (displaySymbol: string, change: string | null, volume = '0'): Ticker => ({
  symbol: `${displaySymbol}USDT`,
  displaySymbol,
  market: 'CRYPTO',
  name: displaySymbol,
  priceDecimals: 2,
  price: '1',
  bid: '1',
  ask: '1',
  open24h: '1',
  high24h: '1',
  low24h: '1',
  volume24h: '0',
  quoteVolume24h: volume,
  change24h: change,
  changePercent24h: change,
  time: 1,
  open: true,
  stale: false,
  complete24h: true,
});
const symbols = (list: Ticker[]) => list.map((t) => t.displaySymbol);

describe('compareDecimal', () => {
  it('orders decimal strings exactly, signs, zeros and digits past a float’s precision included', () => {
    expect(compareDecimal('1.5', '1.25')).toBe(1);
    expect(compareDecimal('-0.69', '-4.11')).toBe(1);
    expect(compareDecimal('-4.11', '-0.69')).toBe(-1);
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('0.10', '0.1')).toBe(0);
    expect(compareDecimal('-0', '0.00')).toBe(0);
    expect(compareDecimal('007.5', '7.50')).toBe(0);
    // Two volumes a float cannot tell apart.
    expect(compareDecimal('12345678901234567.01', '12345678901234567.02')).toBe(-1);
    expect(Number('12345678901234567.01') - Number('12345678901234567.02')).toBe(0);
  });
});

describe('rankTickers', () => {
  const list = [
    ticker('BTC', '-0.69', '350600000.5'),
    ticker('SUSHI', '-4.11', '1000'),
    ticker('ETH', '2.50', '180164.2'),
    ticker('XRP', '2.5', '99'),
    ticker('DOGE', '12.01', '0'),
    ticker('NEW', null, '5'),
    ticker('FLAT', '0.00', '7'),
  ];

  it('lists gainers biggest rise first, only those up; equal changes by symbol', () => {
    expect(symbols(rankTickers(list, 'gainers'))).toEqual(['DOGE', 'ETH', 'XRP']);
  });

  it('lists losers biggest fall first, only those down (−4.11 % before −0.69 %)', () => {
    expect(symbols(rankTickers(list, 'losers'))).toEqual(['SUSHI', 'BTC']);
  });

  it('lists volume leaders by 24 h turnover in the quote currency, leaving out what has not traded', () => {
    expect(symbols(rankTickers(list, 'volume'))).toEqual(['BTC', 'ETH', 'SUSHI', 'XRP', 'FLAT', 'NEW']);
  });

  it('ranks no instrument whose 24 h figures are not whole yet', () => {
    const loading = list.map((t) =>
      t.displaySymbol === 'DOGE' || t.displaySymbol === 'BTC' ? { ...t, complete24h: false } : t,
    );
    expect(symbols(rankTickers(loading, 'gainers'))).toEqual(['ETH', 'XRP']);
    expect(symbols(rankTickers(loading, 'losers'))).toEqual(['SUSHI']);
    expect(symbols(rankTickers(loading, 'volume'))).toEqual(['ETH', 'SUSHI', 'XRP', 'FLAT', 'NEW']);
  });

  it('keeps at most `size` and re-ranks as live figures move', () => {
    expect(symbols(rankTickers(list, 'volume', 2))).toEqual(['BTC', 'ETH']);
    const moved = list.map((t) => (t.displaySymbol === 'BTC' ? { ...t, changePercent24h: '15.00' } : t));
    expect(symbols(rankTickers(moved, 'gainers'))).toEqual(['BTC', 'DOGE', 'ETH', 'XRP']);
    expect(symbols(rankTickers(moved, 'losers'))).toEqual(['SUSHI']);
  });

  it('reads the ranking from the address, the gainers otherwise', () => {
    expect(parseRanking('losers')).toBe('losers');
    expect(parseRanking('volume')).toBe('volume');
    expect(parseRanking('best')).toBe('gainers');
    expect(parseRanking(null)).toBe('gainers');
  });
});

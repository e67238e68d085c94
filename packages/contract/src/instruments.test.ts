import { describe, expect, it } from 'vitest';
import {
  ASSETS,
  EXCHANGE_TICK_SIZES,
  PRICE_DISPLAY_DECIMALS,
  assetOf,
  priceDecimalsOf,
  priceDisplayDecimalsOf,
  tickDecimals,
} from './assets';
import { INSTRUMENTS, instrumentOf } from './instruments';
import { parseAmount } from './money';

/** One tick as a fraction of a price, exactly enough for a comparison (both are small integers of units). */
const tickShare = (referencePrice: string, decimals: number) => 1 / Number(parseAmount(referencePrice, decimals));

describe('tick precision (decision 0140)', () => {
  it('reads a tick size’s decimals', () => {
    expect(tickDecimals('0.0001')).toBe(4);
    expect(tickDecimals('0.10000000')).toBe(1);
    expect(tickDecimals('0.01')).toBe(2);
    expect(tickDecimals('1.00000000')).toBe(0);
    expect(tickDecimals('10')).toBe(0);
  });

  it('gives every instrument a tick finer than 0.1 % of its reference price', () => {
    for (const i of INSTRUMENTS) expect(tickShare(i.referencePrice, i.priceDecimals), i.symbol).toBeLessThan(0.001);
  });

  it('quotes every crypto pair at least as finely as the exchange and as the display table', () => {
    for (const i of INSTRUMENTS.filter((x) => x.market === 'CRYPTO')) {
      const tick = EXCHANGE_TICK_SIZES[i.base];
      if (tick !== undefined) expect(i.priceDecimals, i.symbol).toBeGreaterThanOrEqual(tickDecimals(tick));
      expect(i.priceDecimals, i.symbol).toBeGreaterThanOrEqual(priceDisplayDecimalsOf(i.base));
      expect(i.priceDecimals, i.symbol).toBe(priceDecimalsOf(i.base));
    }
    // Every coin of the display table has an exchange tick: the table alone never sets a price unit.
    for (const coin of Object.keys(PRICE_DISPLAY_DECIMALS)) expect(EXCHANGE_TICK_SIZES[coin], coin).toBeDefined();
  });

  it('separates the display decimals of docs/product.md §9 from the tick: EOS shows one decimal at least, trades in 0.0001', () => {
    expect(priceDisplayDecimalsOf('EOS')).toBe(1);
    expect(instrumentOf('EOSUSDT')!.priceDecimals).toBe(4);
    expect(instrumentOf('EOSUSDT')!.referencePrice).toBe('0.5000');
    expect(
      Object.fromEntries(
        ['BCH', 'DOT', 'SUSHI', 'OMG'].map((c) => [c, [priceDisplayDecimalsOf(c), priceDecimalsOf(c)]]),
      ),
    ).toEqual({ BCH: [1, 2], DOT: [2, 3], SUSHI: [3, 4], OMG: [3, 4] });
    // Unchanged where the table was already as fine as the exchange.
    expect([priceDecimalsOf('BTC'), priceDecimalsOf('DOGE'), priceDecimalsOf('TRX'), priceDecimalsOf('XRP')]).toEqual([
      2, 5, 5, 4,
    ]);
  });

  it('gives a wallet coin the price decimals of its instrument, so valuations and OTC use the tick', () => {
    for (const a of ASSETS) {
      const inst = instrumentOf(`${a.symbol}USDT`);
      if (inst) expect(assetOf(a.symbol)!.priceDecimals, a.symbol).toBe(inst.priceDecimals);
    }
  });
});

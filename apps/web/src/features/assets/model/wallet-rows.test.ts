import { describe, expect, it } from 'vitest';
import type { AssetInfo, ValuedWallet } from '@app/contract';
import { walletRows } from './wallet-rows';

const asset = (symbol: string, amountDecimals: number): AssetInfo => ({
  symbol,
  name: `${symbol} coin`,
  icon: `/icons/${symbol}.png`,
  amountDecimals,
  scale: 8,
  priceDecimals: 2,
});

const wallet = (balances: ValuedWallet['balances']): ValuedWallet => ({ wallet: 'currency', totalUsdt: '0', balances });

describe('walletRows', () => {
  it('lists every coin of the asset list, holdings first, then in list order', () => {
    const rows = walletRows(wallet([{ asset: 'ETH', available: '0.5', frozen: '0', valueUsdt: '1500' }]), [
      asset('USDT', 2),
      asset('BTC', 5),
      asset('ETH', 4),
    ]);
    expect(rows.map((r) => r.asset)).toEqual(['ETH', 'USDT', 'BTC']);
    expect(rows[0]).toMatchObject({
      name: 'ETH coin',
      available: '0.5',
      valueUsdt: '1500',
      amountDecimals: 4,
      isZero: false,
    });
    expect(rows[1]).toMatchObject({ available: '0', frozen: '0', valueUsdt: '0', isZero: true });
  });

  it('counts a coin with only a frozen amount as held', () => {
    const rows = walletRows(wallet([{ asset: 'BTC', available: '0.00000000', frozen: '0.1', valueUsdt: '6000' }]), [
      asset('USDT', 2),
      asset('BTC', 5),
    ]);
    expect(rows.map((r) => [r.asset, r.isZero])).toEqual([
      ['BTC', false],
      ['USDT', true],
    ]);
  });

  it('keeps a coin the wallet holds but the asset list lacks, named by its symbol', () => {
    const rows = walletRows(wallet([{ asset: 'XYZ', available: '3', frozen: '0', valueUsdt: '0' }]), [
      asset('USDT', 2),
    ]);
    expect(rows[0]).toMatchObject({ asset: 'XYZ', name: 'XYZ', icon: undefined, amountDecimals: 5 });
  });

  it('lists the asset list alone while the wallet has not loaded', () => {
    expect(walletRows(undefined, [asset('USDT', 2)]).map((r) => r.asset)).toEqual(['USDT']);
    expect(walletRows(undefined, undefined)).toEqual([]);
  });

  it('counts as small a zero balance or one worth under 1 USDT; a coin without a price only when zero', () => {
    const rows = walletRows(
      wallet([
        { asset: 'BTC', available: '0.00001', frozen: '0', valueUsdt: '0.99' },
        { asset: 'ETH', available: '0.001', frozen: '0', valueUsdt: '1.00' },
        { asset: 'DOT', available: '3', frozen: '0', valueUsdt: '0' },
      ]),
      [asset('USDT', 2), asset('BTC', 5), asset('ETH', 4), asset('DOT', 4)],
      ['DOT'],
    );
    expect(Object.fromEntries(rows.map((r) => [r.asset, r.isSmall]))).toEqual({
      USDT: true,
      BTC: true,
      ETH: false,
      DOT: false,
    });
  });
});

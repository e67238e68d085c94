import { describe, expect, it } from 'vitest';
import { assetOf, parseAmount } from '@app/contract';
import { tierFor, vipOtcRates, vipWithdrawFee, vipWithdrawLimit, type TierRow } from './benefits';

const usdt = (text: string) => parseAmount(text, 6)!;
const tier = (level: number, volume: string, balance: string): TierRow => ({
  level,
  minVolume: usdt(volume),
  minBalance: usdt(balance),
  withdrawFeeDiscountBps: 1000 * level,
  otcSpreadDiscountBps: 1000 * level,
  withdrawLimitBps: 10000 + 5000 * level,
});
const LADDER = [tier(1, '10000', '5000'), tier(2, '50000', '25000'), tier(3, '250000', '100000')];

describe('the tier a customer reaches (docs/vip.md "Reaching a tier")', () => {
  it('is the highest one whose volume or balance threshold is met, each exactly at its threshold', () => {
    expect(tierFor(LADDER, 0n, 0n)).toBeNull();
    expect(tierFor(LADDER, usdt('9999.999999'), usdt('4999.999999'))).toBeNull();
    expect(tierFor(LADDER, usdt('10000'), 0n)?.level).toBe(1);
    expect(tierFor(LADDER, 0n, usdt('5000'))?.level).toBe(1);
    // Volume for tier 1, balance for tier 2: the higher one.
    expect(tierFor(LADDER, usdt('10000'), usdt('25000'))?.level).toBe(2);
    expect(tierFor(LADDER, usdt('1000000'), 0n)?.level).toBe(3);
    expect(tierFor([], usdt('1000000'), usdt('1000000'))).toBeNull();
  });
});

describe('benefits applied exactly', () => {
  it('lowers a withdrawal fee, rounded down to the amount decimals, never above the standard fee', () => {
    const u = assetOf('USDT')!;
    const eth = assetOf('ETH')!;
    expect(vipWithdrawFee(usdt('5'), 0, u)).toBe(usdt('5'));
    expect(vipWithdrawFee(usdt('5'), 2500, u)).toBe(usdt('3.75'));
    expect(vipWithdrawFee(usdt('5'), 10000, u)).toBe(0n);
    // 1 USDT less 33.33 %: 0.6667, exact in micro-USDT.
    expect(vipWithdrawFee(usdt('1'), 3333, u)).toBe(usdt('0.6667'));
    // ETH's 0.003 less 10 % is 0.0027; an ETH amount has 3 decimals, so the fee is 0.002.
    const ethFee = parseAmount('0.003', eth.scale)!;
    expect(vipWithdrawFee(ethFee, 1000, eth)).toBe(parseAmount('0.002', eth.scale)!);
    for (let bps = 0; bps <= 10000; bps += 37) expect(vipWithdrawFee(ethFee, bps, eth) <= ethFee).toBe(true);
  });

  it('raises a limit by its rate, rounded down; 100 % or less leaves it as it is', () => {
    expect(vipWithdrawLimit(usdt('100000'), 10000)).toBe(usdt('100000'));
    expect(vipWithdrawLimit(usdt('100000'), 12500)).toBe(usdt('125000'));
    expect(vipWithdrawLimit(3n, 15000)).toBe(4n);
  });

  it('narrows the OTC spread by a share of it: ask rounded up, bid down, the standard rates without a discount', () => {
    // 50,000.00 at a 0.5 % spread: 50,250.00 / 49,750.00; half of it: 50,125.00 / 49,875.00.
    expect(vipOtcRates(5_000_000n, 50, 0)).toEqual({ buy: 5_025_000n, sell: 4_975_000n });
    expect(vipOtcRates(5_000_000n, 50, 5000)).toEqual({ buy: 5_012_500n, sell: 4_987_500n });
    expect(vipOtcRates(5_000_000n, 50, 10000)).toEqual({ buy: 5_000_000n, sell: 5_000_000n });
    // 0.10000 at 0.5 % less 10 %: 0.45 % of 10,000 units is 45 units exactly.
    expect(vipOtcRates(10_000n, 50, 1000)).toEqual({ buy: 10_045n, sell: 9_955n });
    // A third off 0.5 %: 0.3333…% of 3 units is not whole: the ask rounds up, the bid down.
    expect(vipOtcRates(3n, 50, 3333)).toEqual({ buy: 4n, sell: 2n });
  });
});

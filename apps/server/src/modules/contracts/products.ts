import { QUOTE_ASSET, divRound, formatAmount, type ContractProduct, type Market } from '@app/contract';
import type { ProductRow } from './repository';
import { BPS, USDT, rateText } from '../../lib/usdt-math';

/**
 * The win rate at which a product pays even, 1 / (1 + payout rate), in percent with 2 decimals,
 * rounded up: below it the user loses on average, so the screen never shows a rate too low.
 */
export function breakEvenPercent(bps: number): string {
  return formatAmount(divRound(100n * BPS * 100n, BPS + BigInt(bps), 'up'), 2);
}

export function toProduct(row: ProductRow): ContractProduct {
  return {
    market: row.market as Market,
    duration: row.durationSeconds,
    payoutRate: rateText(row.payoutBps),
    breakEvenPercent: breakEvenPercent(row.payoutBps),
    asset: QUOTE_ASSET,
    minStake: formatAmount(row.minStake, USDT.scale),
    maxStake: formatAmount(row.maxStake, USDT.scale),
  };
}

import {
  VIP_BPS,
  VIP_LEVEL_MAX,
  VIP_LIMIT_BPS_MAX,
  parseAmount,
  type VipTier,
  type VipTierInput,
  type VipTiersSave,
} from '@app/contract';
import type { Problems } from './withdrawal-forms';

/**
 * The VIP tiers' form (issue 34; docs/vip.md "API") in plain words: rates as an operator
 * thinks of them (a discount in percent, the limits as a multiple), turned into the API's basis
 * points exactly (no floating point), and the server's checks said tier by tier, so the form refuses
 * what the server would refuse; the server's answer is the last word.
 */

export type TierField = 'minVolumeUsdt' | 'minBalanceUsdt' | 'feeDiscount' | 'spreadDiscount' | 'limitTimes';
export const TIER_FIELDS: readonly TierField[] = [
  'minVolumeUsdt',
  'minBalanceUsdt',
  'feeDiscount',
  'spreadDiscount',
  'limitTimes',
];
export const TIER_LABELS: Record<TierField, string> = {
  minVolumeUsdt: '30-day volume from (USDT)',
  minBalanceUsdt: 'or balance from (USDT)',
  feeDiscount: 'Withdrawal fee discount (%)',
  spreadDiscount: 'OTC spread discount (%)',
  limitTimes: 'Withdrawal limits (× standard)',
};

export type TierDraft = Record<TierField, string>;

/** A decimal with at most `decimals` decimals, as an integer of 10^-decimals, exactly; null if it is not one. */
function scaled(text: string, decimals: number): bigint | null {
  const t = text.trim();
  if (t.length > 20 || !/^[0-9]+(\.[0-9]+)?$/.test(t)) return null;
  return parseAmount(t, decimals);
}

/** "25" → 2500, "12.5" → 1250 (at most 2 decimals, 0 to 100); null otherwise. */
export function percentToBps(text: string): number | null {
  const v = scaled(text, 2);
  return v === null || v > BigInt(VIP_BPS) ? null : Number(v);
}

/** "1.25" → 12500 (at most 4 decimals, 1 to 10); null otherwise. */
export function timesToBps(text: string): number | null {
  const v = scaled(text, 4);
  return v === null || v < BigInt(VIP_BPS) || v > BigInt(VIP_LIMIT_BPS_MAX) ? null : Number(v);
}

/** Basis points written back as the form shows them: 2500 → "25", 1250 → "12.5"; 12500 → "1.25" as a multiple. */
export function bpsText(bps: number, as: 'percent' | 'times'): string {
  const decimals = as === 'percent' ? 2 : 4;
  const s = String(bps).padStart(decimals + 1, '0');
  const text = `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** A USDT amount as the table shows it: "10000.00" → "10,000". */
export function usdtText(text: string): string {
  const [int = '0', frac = ''] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const f = frac.replace(/0+$/, '');
  return f ? `${grouped}.${f}` : grouped;
}

export function tierDraft(t: VipTier): TierDraft {
  return {
    minVolumeUsdt: t.minVolumeUsdt.replace(/\.?0+$/, ''),
    minBalanceUsdt: t.minBalanceUsdt.replace(/\.?0+$/, ''),
    feeDiscount: bpsText(t.withdrawFeeDiscountBps, 'percent'),
    spreadDiscount: bpsText(t.otcSpreadDiscountBps, 'percent'),
    limitTimes: bpsText(t.withdrawLimitBps, 'times'),
  };
}

/** A new tier's draft: above the last one by both figures, with its benefits. */
export function nextTierDraft(last: TierDraft | undefined): TierDraft {
  if (!last) return { minVolumeUsdt: '', minBalanceUsdt: '', feeDiscount: '0', spreadDiscount: '0', limitTimes: '1' };
  return { ...last, minVolumeUsdt: '', minBalanceUsdt: '' };
}

/** Each tier's problems (by its index), as the server checks them. */
export function ladderProblems(drafts: readonly TierDraft[]): Problems<TierField>[] {
  const parsed = drafts.map((d) => ({
    volume: scaled(d.minVolumeUsdt, 2),
    balance: scaled(d.minBalanceUsdt, 2),
    fee: percentToBps(d.feeDiscount),
    spread: percentToBps(d.spreadDiscount),
    limit: timesToBps(d.limitTimes),
  }));
  return parsed.map((p, i) => {
    const out: Problems<TierField> = {};
    const below = parsed[i - 1];
    const amount = 'Enter an amount in USDT above 0, with at most 2 decimals.';
    if (p.volume === null || p.volume <= 0n) out.minVolumeUsdt = amount;
    else if (below?.volume != null && p.volume <= below.volume)
      out.minVolumeUsdt = `Must be above VIP ${i}'s volume: each tier asks more than the one below.`;
    if (p.balance === null || p.balance <= 0n) out.minBalanceUsdt = amount;
    else if (below?.balance != null && p.balance <= below.balance)
      out.minBalanceUsdt = `Must be above VIP ${i}'s balance: each tier asks more than the one below.`;
    const rate = 'Enter a percentage from 0 to 100, with at most 2 decimals.';
    const notLess = (what: string) => `Must be at least VIP ${i}'s ${what}: a higher tier never gives less.`;
    if (p.fee === null) out.feeDiscount = rate;
    else if (below?.fee != null && p.fee < below.fee) out.feeDiscount = notLess('fee discount');
    if (p.spread === null) out.spreadDiscount = rate;
    else if (below?.spread != null && p.spread < below.spread) out.spreadDiscount = notLess('spread discount');
    if (p.limit === null) out.limitTimes = 'Enter a multiple from 1 to 10, with at most 4 decimals.';
    else if (below?.limit != null && p.limit < below.limit) out.limitTimes = notLess('limits');
    return out;
  });
}

export function ladderHasProblems(drafts: readonly TierDraft[]): boolean {
  return drafts.length > VIP_LEVEL_MAX || ladderProblems(drafts).some((p) => Object.keys(p).length > 0);
}

/** The body of a save; only for drafts without problems. */
export function ladderBody(drafts: readonly TierDraft[]): VipTiersSave {
  return {
    tiers: drafts.map(
      (d, i): VipTierInput => ({
        level: i + 1,
        minVolumeUsdt: d.minVolumeUsdt.trim(),
        minBalanceUsdt: d.minBalanceUsdt.trim(),
        withdrawFeeDiscountBps: percentToBps(d.feeDiscount)!,
        otcSpreadDiscountBps: percentToBps(d.spreadDiscount)!,
        withdrawLimitBps: timesToBps(d.limitTimes)!,
      }),
    ),
  };
}

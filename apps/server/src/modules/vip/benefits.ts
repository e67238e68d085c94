import { VIP_BPS, divRound, pow10, type AssetDef, type VipBenefits } from '@app/contract';

const BPS = BigInt(VIP_BPS);

/** A tier as stored: thresholds in USDT minor units, benefits in basis points. */
export interface TierRow extends VipBenefits {
  level: number;
  minVolume: bigint;
  minBalance: bigint;
}

/** What a customer's tier gives now; level 0 and no benefits below the first tier. */
export interface VipBenefitsOf extends VipBenefits {
  level: number;
}

export const NO_BENEFITS: VipBenefitsOf = {
  level: 0,
  withdrawFeeDiscountBps: 0,
  otcSpreadDiscountBps: 0,
  withdrawLimitBps: VIP_BPS,
};

/**
 * The highest tier reached by either figure (docs/vip.md "Reaching a tier"): at least its 30-day
 * volume, or at least its balance. `tiers` in level order, each asking more than the one below.
 */
export function tierFor(tiers: readonly TierRow[], volume: bigint, balance: bigint): TierRow | null {
  let reached: TierRow | null = null;
  for (const t of tiers) if (volume >= t.minVolume || balance >= t.minBalance) reached = t;
  return reached;
}

export function benefitsOfTier(tier: TierRow | null): VipBenefitsOf {
  if (!tier) return NO_BENEFITS;
  return {
    level: tier.level,
    withdrawFeeDiscountBps: tier.withdrawFeeDiscountBps,
    otcSpreadDiscountBps: tier.otcSpreadDiscountBps,
    withdrawLimitBps: tier.withdrawLimitBps,
  };
}

/**
 * The withdrawal fee of a tier: the standard fee less its discount, rounded down to the coin's
 * amount decimals, so the customer never pays more than the tier promises and the expected
 * receipt keeps the decimals an amount may have. No discount: the standard fee as it is.
 */
export function vipWithdrawFee(standard: bigint, discountBps: number, asset: AssetDef): bigint {
  if (discountBps <= 0) return standard;
  const fee = divRound(standard * (BPS - BigInt(discountBps)), BPS, 'down');
  const step = pow10(asset.scale - asset.amountDecimals);
  const stepped = fee - (fee % step);
  return stepped < standard ? stepped : standard;
}

/** A withdrawal limit of a tier (per withdrawal or per 24 hours): the standard limit × the tier's rate, rounded down. */
export function vipWithdrawLimit(standard: bigint, limitBps: number): bigint {
  if (limitBps <= VIP_BPS) return standard;
  return divRound(standard * BigInt(limitBps), BPS, 'down');
}

/**
 * The OTC rates of a reference price under a spread narrowed by a tier's discount, exactly: the
 * spread is `spreadBps` × (1 − discount), so ask = ref × (1 + spread) rounded up and bid = ref ×
 * (1 − spread) rounded down to a price unit (docs/ledger.md "Rounding rules").
 */
export function vipOtcRates(ref: bigint, spreadBps: number, discountBps: number): { buy: bigint; sell: bigint } {
  const whole = BPS * BPS;
  const spread = BigInt(spreadBps) * (BPS - BigInt(Math.min(Math.max(discountBps, 0), VIP_BPS)));
  return {
    buy: divRound(ref * (whole + spread), whole, 'up'),
    sell: divRound(ref * (whole - spread), whole, 'down'),
  };
}

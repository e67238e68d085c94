import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs } from './common';
import { AmountString } from './wallet';
import { VIP_BPS, VIP_LEVEL_MAX, VIP_LIMIT_BPS_MAX } from '../vip-tiers';

/**
 * VIP tiers (docs/vip.md; docs/decisions/0152-vip-tiers-and-their-benefits.md): a customer reaches a tier by the
 * USDT volume they traded on the real account over the last VIP_VOLUME_DAYS days, or by the USDT
 * value of their real balances; each tier lowers the withdrawal fee, narrows the OTC spread and
 * raises the withdrawal limits by the rates operators set in the back office.
 */

const Bps = (description: string, minimum = 0, maximum = VIP_BPS) => Type.Integer({ minimum, maximum, description });

/** What a tier gives; every rate applies to the standard figure the product has without a tier. */
export const VipBenefits = Type.Object({
  withdrawFeeDiscountBps: Bps('the withdrawal fee is lowered by this share of the standard fee (2500: 25 % less)'),
  otcSpreadDiscountBps: Bps('the OTC spread is narrowed by this share of the standard spread (2000: 20 % narrower)'),
  withdrawLimitBps: Bps(
    'the withdrawal limits (per withdrawal and per 24 hours) are this share of the standard ones (15000: 1.5×)',
    VIP_BPS,
    VIP_LIMIT_BPS_MAX,
  ),
});
export type VipBenefits = Static<typeof VipBenefits>;

/** One tier as operators write it: reached with at least `minVolumeUsdt` traded in 30 days, or `minBalanceUsdt` held. */
export const VipTierInput = Type.Object(
  {
    level: Type.Integer({ minimum: 1, maximum: VIP_LEVEL_MAX }),
    minVolumeUsdt: AmountString,
    minBalanceUsdt: AmountString,
    ...VipBenefits.properties,
  },
  { additionalProperties: false },
);
export type VipTierInput = Static<typeof VipTierInput>;

/** A tier as answered: amounts in USDT with 2 decimals. */
export const VipTier = Type.Object({
  level: Type.Integer(),
  minVolumeUsdt: Type.String(),
  minBalanceUsdt: Type.String(),
  ...VipBenefits.properties,
});
export type VipTier = Static<typeof VipTier>;

/** The customer's standing: their figures, their tier and what the next one needs. */
export const VipStanding = Type.Object({
  /** 0 below the first tier. */
  level: Type.Integer({ minimum: 0 }),
  /** USDT traded on the real account in the last VIP_VOLUME_DAYS days (OTC, spot fills, seconds-contract stakes). */
  volumeUsdt: Type.String(),
  /** The real account's balances valued in USDT now (coins without a price now count nothing: `unpriced`). */
  balanceUsdt: Type.String(),
  unpriced: Type.Array(Type.String()),
  benefits: VipBenefits,
  /** The next tier and what is missing to reach it by either figure; null at the top tier. */
  next: Type.Union([
    Type.Object({
      level: Type.Integer(),
      volumeToGoUsdt: Type.String(),
      balanceToGoUsdt: Type.String(),
    }),
    Type.Null(),
  ]),
  /** When these figures were computed. */
  at: EpochMs,
});
export type VipStanding = Static<typeof VipStanding>;

/** `vip/info`: the tiers for everyone; the caller's standing when a session is sent (null for a visitor). */
export const VipInfo = Type.Object({
  volumeDays: Type.Integer(),
  tiers: Type.Array(VipTier),
  me: Type.Union([VipStanding, Type.Null()]),
});
export type VipInfo = Static<typeof VipInfo>;
export const VipInfoResponse = Envelope(VipInfo);

/** The back office's tiers: with who changed them last, and when. */
export const AdminVipTiers = Type.Object({
  tiers: Type.Array(VipTier),
  updatedAt: NullableEpochMs,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminVipTiers = Static<typeof AdminVipTiers>;
export const AdminVipTiersResponse = Envelope(AdminVipTiers);

/** `admin/api/vip/tiers/save`: the whole ladder, level 1 first; each tier asks more and gives no less than the one below. */
export const VipTiersSave = Type.Object(
  { tiers: Type.Array(VipTierInput, { maxItems: VIP_LEVEL_MAX }) },
  { additionalProperties: false },
);
export type VipTiersSave = Static<typeof VipTiersSave>;

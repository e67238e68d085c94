import {
  QUOTE_ASSET,
  VIP_VOLUME_DAYS,
  assetOf,
  divRound,
  formatAmount,
  parseAmount,
  pow10,
  type AdminVipTiers,
  type VipInfo,
  type VipStanding,
  type VipTier,
  type VipTiersSave,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import type { Mode } from '../ledger';
import { operatorEmails } from '../operators';
import { benefitsOfTier, tierFor, type TierRow, type VipBenefitsOf } from './benefits';
import { vipRepo } from './repository';

const USDT = assetOf(QUOTE_ASSET)!;
const DAY_MS = 86_400_000;
/** Thresholds are whole cents of USDT. */
const THRESHOLD_DECIMALS = 2;

/** A module whose trades count towards the 30-day volume (OTC, spot, seconds contracts): app.ts hands them in. */
export interface TradingVolumeSource {
  /** USDT minor units the user traded in `mode` from `since` on. */
  volumeUsdt(db: DbOrTx, userId: number, mode: Mode, since: Date): Promise<bigint>;
}

/** The wallet's valuation: a user's balances in one mode in USDT minor units now, and the coins without a price. */
export interface BalanceValuation {
  totalUsdt(userId: number, mode: Mode): Promise<{ total: bigint; unpriced: string[] }>;
}

/** What OTC and withdrawals ask: the benefits of the customer's tier now. */
export interface TierBenefits {
  benefitsOf(userId: number): Promise<VipBenefitsOf>;
}

interface Standing {
  volume: bigint;
  balance: bigint;
  unpriced: string[];
  tiers: TierRow[];
  tier: TierRow | null;
  at: Date;
}

/**
 * VIP tiers (docs/vip.md): the ladder operators keep in the back office, and each customer's
 * tier, computed when asked from the real account only — its USDT traded over the last 30 days
 * and its balances valued now. Demo money never counts: the figures are read with mode `real`,
 * whatever mode the request is in.
 */
export class VipService implements TierBenefits {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      audit: AuditLog;
      balances: BalanceValuation;
      volumes: readonly TradingVolumeSource[];
    },
  ) {}

  private async ladder(db: DbOrTx = this.ctx.db): Promise<TierRow[]> {
    return (await vipRepo.tiers(db)).map((r) => ({
      level: r.level,
      minVolume: r.minVolume,
      minBalance: r.minBalance,
      withdrawFeeDiscountBps: r.withdrawFeeDiscountBps,
      otcSpreadDiscountBps: r.otcSpreadDiscountBps,
      withdrawLimitBps: r.withdrawLimitBps,
    }));
  }

  /** The real account's 30-day trading volume in USDT minor units. */
  async volumeOf(userId: number, now: Date): Promise<bigint> {
    const since = new Date(now.getTime() - VIP_VOLUME_DAYS * DAY_MS);
    const parts = await Promise.all(this.deps.volumes.map((s) => s.volumeUsdt(this.ctx.db, userId, 'real', since)));
    return parts.reduce((a, b) => a + b, 0n);
  }

  private async standing(userId: number): Promise<Standing> {
    const at = this.ctx.clock.now();
    const [tiers, volume, valued] = await Promise.all([
      this.ladder(),
      this.volumeOf(userId, at),
      this.deps.balances.totalUsdt(userId, 'real'),
    ]);
    return {
      volume,
      balance: valued.total,
      unpriced: valued.unpriced,
      tiers,
      tier: tierFor(tiers, volume, valued.total),
      at,
    };
  }

  async benefitsOf(userId: number): Promise<VipBenefitsOf> {
    return benefitsOfTier((await this.standing(userId)).tier);
  }

  /** `vip/info`: the ladder, and the caller's standing when signed in. */
  async info(userId: number | null): Promise<VipInfo> {
    if (userId === null) return { volumeDays: VIP_VOLUME_DAYS, tiers: (await this.ladder()).map(tierView), me: null };
    const s = await this.standing(userId);
    return { volumeDays: VIP_VOLUME_DAYS, tiers: s.tiers.map(tierView), me: standingView(s) };
  }

  // ----- the back office ------------------------------------------------------------------------

  async adminTiers(db: DbOrTx = this.ctx.db): Promise<AdminVipTiers> {
    const [tiers, last] = await Promise.all([this.ladder(db), vipRepo.lastChange(db)]);
    const by = last.by === null ? null : ((await operatorEmails(db, [last.by])).get(last.by) ?? null);
    return { tiers: tiers.map(tierView), updatedAt: last.at?.getTime() ?? null, updatedBy: by };
  }

  /**
   * Replaces the ladder (admin): levels 1, 2, 3… in order, each asking more by both figures and
   * giving no less than the one below; audited with before and after in the same transaction. A
   * change applies to the next quote; quotes already given keep their fee and rates.
   */
  async saveTiers(actor: AuditActor, body: VipTiersSave): Promise<AdminVipTiers> {
    const rows = validLadder(body);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const before = (await this.ladder(tx)).map(tierView);
      await vipRepo.replace(
        tx,
        rows.map((r) => ({ ...r, updatedAt: now, updatedBy: actor.operatorId })),
      );
      await this.deps.audit.write(tx, actor, {
        action: 'vip_tiers.update',
        targetType: 'vip_tiers',
        before,
        after: rows.map(tierView),
      });
    });
    return this.adminTiers();
  }
}

/** The tiers of a save, checked (docs/vip.md "API"): VIP_TIERS_INVALID, or AMOUNT_INVALID for a threshold. */
export function validLadder(body: VipTiersSave): TierRow[] {
  const rows = body.tiers.map((t): TierRow => {
    const volume = parseAmount(t.minVolumeUsdt, USDT.scale, THRESHOLD_DECIMALS);
    const balance = parseAmount(t.minBalanceUsdt, USDT.scale, THRESHOLD_DECIMALS);
    if (volume === null || balance === null) throw new AppError('AMOUNT_INVALID');
    return {
      level: t.level,
      minVolume: volume,
      minBalance: balance,
      withdrawFeeDiscountBps: t.withdrawFeeDiscountBps,
      otcSpreadDiscountBps: t.otcSpreadDiscountBps,
      withdrawLimitBps: t.withdrawLimitBps,
    };
  });
  rows.forEach((r, i) => {
    const below = rows[i - 1];
    const rises = below
      ? r.minVolume > below.minVolume &&
        r.minBalance > below.minBalance &&
        r.withdrawFeeDiscountBps >= below.withdrawFeeDiscountBps &&
        r.otcSpreadDiscountBps >= below.otcSpreadDiscountBps &&
        r.withdrawLimitBps >= below.withdrawLimitBps
      : r.minVolume > 0n && r.minBalance > 0n;
    if (r.level !== i + 1 || !rises) throw new AppError('VIP_TIERS_INVALID');
  });
  return rows;
}

const cents = (minor: bigint) => formatAmount(minor, USDT.scale, THRESHOLD_DECIMALS);
/** A shortfall shown to the cent, rounded up: "0.00 to go" only when nothing is missing. */
const centsUp = (minor: bigint) =>
  formatAmount(divRound(minor, pow10(USDT.scale - THRESHOLD_DECIMALS), 'up'), THRESHOLD_DECIMALS);

function tierView(t: TierRow): VipTier {
  return {
    level: t.level,
    minVolumeUsdt: cents(t.minVolume),
    minBalanceUsdt: cents(t.minBalance),
    withdrawFeeDiscountBps: t.withdrawFeeDiscountBps,
    otcSpreadDiscountBps: t.otcSpreadDiscountBps,
    withdrawLimitBps: t.withdrawLimitBps,
  };
}

function standingView(s: Standing): VipStanding {
  const { level, ...benefits } = benefitsOfTier(s.tier);
  const next = s.tiers.find((t) => t.level === level + 1);
  const toGo = (need: bigint, have: bigint) => centsUp(need > have ? need - have : 0n);
  return {
    level,
    volumeUsdt: cents(s.volume),
    balanceUsdt: cents(s.balance),
    unpriced: s.unpriced,
    benefits,
    next: next
      ? {
          level: next.level,
          volumeToGoUsdt: toGo(next.minVolume, s.volume),
          balanceToGoUsdt: toGo(next.minBalance, s.balance),
        }
      : null,
    at: s.at.getTime(),
  };
}

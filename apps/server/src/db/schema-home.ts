import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './schema-operators';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * The home page's shortcuts as operators set them (docs/content.md "Home shortcuts"): one row per
 * shortcut of docs/product.md §1, seeded by migration 0032 (Cloud Mining Pool hidden).
 * `labels` { [lang]: text }: an operator's label per language; none shows the app's own name.
 */
export const homeShortcuts = pgTable(
  'home_shortcuts',
  {
    key: text('key').primaryKey(),
    visible: boolean('visible').notNull(),
    position: integer('position').notNull(),
    labels: jsonb('labels').notNull().default(sql`'{}'::jsonb`),
    target: text('target').notNull(),
    updatedAt: ts('updated_at'),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  },
  (t) => [check('home_shortcuts_position', sql`${t.position} BETWEEN 0 AND 99`)],
);

/**
 * VIP tiers (docs/vip.md): reached by 30-day real trading volume or real balance, both in USDT minor
 * units; the benefits in basis points of the standard fee, spread and limits. Seeded by
 * migration 0032; the back office replaces the whole ladder at once.
 */
export const vipTiers = pgTable(
  'vip_tiers',
  {
    level: integer('level').primaryKey(),
    minVolume: money('min_volume').notNull(),
    minBalance: money('min_balance').notNull(),
    withdrawFeeDiscountBps: integer('withdraw_fee_discount_bps').notNull(),
    otcSpreadDiscountBps: integer('otc_spread_discount_bps').notNull(),
    withdrawLimitBps: integer('withdraw_limit_bps').notNull(),
    updatedAt: ts('updated_at'),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  },
  (t) => [
    check('vip_tiers_level', sql`${t.level} BETWEEN 1 AND 10`),
    check('vip_tiers_thresholds', sql`${t.minVolume} > 0 AND ${t.minBalance} > 0`),
    check(
      'vip_tiers_benefits',
      sql`${t.withdrawFeeDiscountBps} BETWEEN 0 AND 10000 AND ${t.otcSpreadDiscountBps} BETWEEN 0 AND 10000 AND ${t.withdrawLimitBps} BETWEEN 10000 AND 100000`,
    ),
  ],
);

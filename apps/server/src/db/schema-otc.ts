import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions, publicId, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/** Rates offered to one user for a short time (docs/product.md §2 OTC); used at most once. */
export const otcQuotes = pgTable(
  'otc_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    /** { [asset]: { buy: units, sell: units, decimals } }: prices in 10^-decimals USDT, as strings. */
    rates: jsonb('rates').notNull(),
    feeBps: integer('fee_bps').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('otc_quotes_user').on(t.userId, t.createdAt)],
);

/** An executed OTC trade (docs/product.md §3 trade record). */
export const otcTrades = pgTable(
  'otc_trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    side: text('side').notNull(),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    fromAmount: money('from_amount').notNull(),
    toAmount: money('to_amount').notNull(),
    /** Decimal string: USDT per coin (buy, sell) or toAsset per fromAsset (flash). */
    price: text('price').notNull(),
    fee: money('fee').notNull(),
    feeAsset: text('fee_asset').notNull(),
    /**
     * The trade's size in USDT minor units, for the VIP tiers' 30-day volume (docs/vip.md): what a buy
     * paid (fee included), what a sell or a flash exchange sold the coin for before the fee.
     */
    volumeUsdt: money('volume_usdt').notNull().default(sql`0`),
    quoteId: text('quote_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('otc_trades_user').on(t.userId, t.mode, t.id),
    uniqueIndex('otc_trades_public_id').on(t.publicId),
    check('otc_trades_side', sql`${t.side} IN ('buy', 'sell', 'flash')`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransactions, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Seconds-contract products (DESIGN.md §6): a duration offered in a market group with its payout
 * rate and stake limits (USDT minor units). Operators change them with `npm run ops -- product`;
 * a change applies to new contracts only, since each contract copies its payout rate.
 */
export const contractProducts = pgTable(
  'contract_products',
  {
    market: text('market').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Profit on a win in basis points of the stake: 8500 pays 85 %. */
    payoutBps: integer('payout_bps').notNull(),
    minStake: money('min_stake').notNull(),
    maxStake: money('max_stake').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.market, t.durationSeconds] }),
    check('contract_products_payout', sql`${t.payoutBps} > 0 AND ${t.payoutBps} <= 100000`),
    check('contract_products_stakes', sql`${t.minStake} > 0 AND ${t.maxStake} >= ${t.minStake}`),
  ],
);

/**
 * A seconds contract. The open tick is fixed at acceptance, the close tick at settlement; both
 * are stored as they were (time, price in instrument units and as text, source), so the result
 * can be checked by anyone later. Prices and results are written once and never updated again:
 * settlement is a conditional update from `open`.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    mode: text('mode').notNull(),
    market: text('market').notNull(),
    symbol: text('symbol').notNull(),
    direction: text('direction').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    payoutBps: integer('payout_bps').notNull(),
    asset: text('asset').notNull(),
    stake: money('stake').notNull(),
    status: text('status').notNull(),
    result: text('result'),
    openTime: ts('open_time').notNull(),
    expiresAt: ts('expires_at').notNull(),
    openTickTime: ts('open_tick_time').notNull(),
    openPrice: bigint('open_price', { mode: 'number' }).notNull(),
    openSource: text('open_source').notNull(),
    closeTickTime: ts('close_tick_time'),
    closePrice: bigint('close_price', { mode: 'number' }),
    closeSource: text('close_source'),
    payout: money('payout'),
    settledAt: ts('settled_at'),
    /** Set in the transaction that creates the contract (the ledger reference needs its id first). */
    openTransactionId: bigint('open_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  },
  (t) => [
    index('contracts_user').on(t.userId, t.mode, t.id),
    // The settlement worker's queue: only open contracts, by expiry.
    index('contracts_due').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    check('contracts_direction', sql`${t.direction} IN ('up', 'down')`),
    check('contracts_status', sql`${t.status} IN ('open', 'settled')`),
    check('contracts_result', sql`(${t.status} = 'open' AND ${t.result} IS NULL) OR (${t.status} = 'settled' AND ${t.result} IN ('win', 'loss', 'tie'))`),
    check('contracts_stake', sql`${t.stake} > 0`),
  ],
);

/**
 * A spot order (crypto against USDT, currency wallet). A limit order's funds sit in the
 * currency_frozen account while it is open: `reserved` is what is left of them, in the asset
 * it reserved (USDT for a buy, the coin for a sell).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    mode: text('mode').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** Limit price in instrument price units; null for market orders. */
    price: bigint('price', { mode: 'number' }),
    /** Base coin, minor units of the asset. */
    amount: money('amount').notNull(),
    reservedAsset: text('reserved_asset'),
    reserved: money('reserved').notNull().default(sql`0`),
    fillPrice: bigint('fill_price', { mode: 'number' }),
    /** USDT minor units paid (buy) or received before the fee (sell). */
    total: money('total'),
    fee: money('fee'),
    feeBps: integer('fee_bps').notNull(),
    createdAt: ts('created_at').notNull(),
    closedAt: ts('closed_at'),
    openTransactionId: bigint('open_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    closeTransactionId: bigint('close_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  },
  (t) => [
    index('spot_orders_user').on(t.userId, t.mode, t.status, t.id),
    // The matcher's book: open limit orders per symbol and side, by price.
    index('spot_orders_book').on(t.symbol, t.side, t.price).where(sql`${t.status} = 'open'`),
    check('spot_orders_side', sql`${t.side} IN ('buy', 'sell')`),
    check('spot_orders_type', sql`${t.type} IN ('market', 'limit')`),
    check('spot_orders_status', sql`${t.status} IN ('open', 'filled', 'cancelled')`),
    check('spot_orders_amount', sql`${t.amount} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions, publicId, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Seconds-contract products (docs/trading.md): a duration offered in a market group with its payout
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
 * A seconds contract: its terms and the open tick that was fixed at acceptance (time, price in
 * instrument units, source), written when it is opened and never changed. How it settled is in
 * `contract_settlements`; until then it is open (and queued in `contracts_open`).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    market: text('market').notNull(),
    symbol: text('symbol').notNull(),
    direction: text('direction').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    payoutBps: integer('payout_bps').notNull(),
    asset: text('asset').notNull(),
    stake: money('stake').notNull(),
    openTime: ts('open_time').notNull(),
    expiresAt: ts('expires_at').notNull(),
    openTickTime: ts('open_tick_time').notNull(),
    openPrice: bigint('open_price', { mode: 'number' }).notNull(),
    openSource: text('open_source').notNull(),
    /** Set in the transaction that creates the contract (the ledger reference needs its id first). */
    openTransactionId: bigint('open_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  },
  (t) => [
    index('contracts_user').on(t.userId, t.mode, t.id),
    uniqueIndex('contracts_public_id').on(t.publicId),
    check('contracts_direction', sql`${t.direction} IN ('up', 'down')`),
    check('contracts_stake', sql`${t.stake} > 0`),
  ],
);

/**
 * How a contract settled, written once by the transaction that settles it and never changed:
 * the close tick as it was recorded (time, price in instrument units, source), the result, what
 * it paid back and the ledger transaction that moved the money. The primary key makes a second
 * settlement of a contract impossible.
 *
 * Settling is an insert, not an update of the contract: half the work per contract. For the same
 * reason there are no foreign keys (their check per row cost twice the insert): `verifyLedger`
 * checks that every row names a contract and a settling transaction of the contract's own ledger
 * (after every test file, and `npm run ledger:verify`).
 */
export const contractSettlements = pgTable(
  'contract_settlements',
  {
    contractId: bigint('contract_id', { mode: 'number' }).primaryKey(),
    result: text('result').notNull(),
    payout: money('payout').notNull(),
    closeTickTime: ts('close_tick_time').notNull(),
    closePrice: bigint('close_price', { mode: 'number' }).notNull(),
    closeSource: text('close_source').notNull(),
    settledAt: ts('settled_at').notNull(),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'number' }).notNull(),
    /** The engine epoch (engine_leader) that settled it; NULL when no election runs (one process, tests). */
    engineEpoch: bigint('engine_epoch', { mode: 'number' }),
  },
  (t) => [
    check('contract_settlements_result', sql`${t.result} IN ('win', 'loss', 'tie')`),
    check('contract_settlements_payout', sql`${t.payout} >= 0`),
  ],
);

/**
 * The settlement worker's queue: one row per open contract, inserted with the contract and
 * deleted by the transaction that settles it. Deleting the row is how a worker claims the
 * contract, so it is settled exactly once; the queue stays as small as what is in flight. It
 * carries what the worker plans a pass by: the user (batches take whole users), the symbol and
 * the expiry (which close tick decides).
 */
export const contractsOpen = pgTable(
  'contracts_open',
  {
    contractId: bigint('contract_id', { mode: 'number' })
      .primaryKey()
      .references(() => contracts.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('contracts_open_due').on(t.expiresAt), index('contracts_open_user').on(t.userId, t.expiresAt)],
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
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
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
    uniqueIndex('spot_orders_public_id').on(t.publicId),
    // The matcher's book: open limit orders per symbol and side, by price.
    index('spot_orders_book').on(t.symbol, t.side, t.price).where(sql`${t.status} = 'open'`),
    check('spot_orders_side', sql`${t.side} IN ('buy', 'sell')`),
    check('spot_orders_type', sql`${t.type} IN ('market', 'limit')`),
    check('spot_orders_status', sql`${t.status} IN ('open', 'filled', 'cancelled')`),
    check('spot_orders_amount', sql`${t.amount} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publicId, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/**
 * The withdrawal address book (docs/withdrawals.md "Address book"): the only places a user's money
 * may be sent. Saved with the fund password; usable once the hold after saving has passed. A deleted
 * address keeps its row (withdrawals will name it), marked `deleted_at`.
 */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    /** As shown: EIP-55 hex, base58 T…, bech32 or base58 on Bitcoin. */
    address: text('address').notNull(),
    /** As looked up: lower-case hex on EVM, lower-case bech32, base58 as it is. */
    lookup: text('lookup').notNull(),
    nickname: text('nickname').notNull(),
    createdAt: ts('created_at').notNull(),
    usableFrom: ts('usable_from').notNull(),
    /** When the user confirmed it early with a code (its `usable_from` moved to then). */
    confirmedAt: ts('confirmed_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('withdraw_addresses_public_id').on(t.publicId),
    uniqueIndex('withdraw_addresses_unique')
      .on(t.userId, t.symbol, t.chain, t.lookup)
      .where(sql`${t.deletedAt} IS NULL`),
    index('withdraw_addresses_user').on(t.userId, t.symbol, t.id),
  ],
);

const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Operators' settings per coin × chain (docs/withdrawals.md "Create and confirm"), in the coin's minor
 * units. Seeded from the defaults at start when a row is missing; changed only by an audited
 * back-office command.
 */
export const withdrawSettings = pgTable(
  'withdraw_settings',
  {
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    fee: money('fee').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    dailyLimit: money('daily_limit').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.chain] }),
    check(
      'withdraw_settings_amounts',
      sql`${t.fee} >= 0 AND ${t.fee} < ${t.minAmount} AND ${t.minAmount} <= ${t.maxAmount} AND ${t.maxAmount} <= ${t.dailyLimit}`,
    ),
  ],
);

/** A create step's answer, confirmable once before it expires (docs/withdrawals.md "Create and confirm"). */
export const withdrawQuotes = pgTable(
  'withdraw_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    addressId: bigint('address_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawAddresses.id),
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    feeWaived: boolean('fee_waived').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('withdraw_quotes_expires').on(t.expiresAt)],
);

/**
 * A withdrawal (docs/product.md §3 "Withdraw record"; docs/withdrawals.md "States"): escrowed by its confirm,
 * then reviewed, signed, sent and confirmed on chain, or returned. `amount` left the user's available
 * balance; the address receives `amount − fee`.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    quoteId: text('quote_id')
      .notNull()
      .references(() => withdrawQuotes.id),
    addressId: bigint('address_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawAddresses.id),
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    /** As shown (EIP-55, T…, bech32), copied from the address book at confirm time. */
    address: text('address').notNull(),
    nickname: text('nickname').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** The amount's value in USDT minor units at confirm time: what the review thresholds compare. */
    valueUsdt: money('value_usdt').notNull(),
    state: text('state').notNull(),
    review: text('review').notNull(),
    riskFlags: jsonb('risk_flags').$type<string[]>().notNull(),
    approvalsNeeded: smallint('approvals_needed').notNull(),
    rejectReason: text('reject_reason'),
    note: text('note'),
    escrowTxId: bigint('escrow_tx_id', { mode: 'number' }).notNull(),
    /** The ledger transaction that ended it: the payout (completed) or the return (rejected, failed, cancelled). */
    finalTxId: bigint('final_tx_id', { mode: 'number' }),
    /** The chain transaction that carried it (the mined attempt once known, else the latest sent). */
    txHash: text('tx_hash'),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    decidedAt: ts('decided_at'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_public_id').on(t.publicId),
    uniqueIndex('withdrawals_quote').on(t.quoteId),
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_state').on(t.state, t.id),
    index('withdrawals_user_symbol_created').on(t.userId, t.symbol, t.createdAt),
    check(
      'withdrawals_state_known',
      sql`${t.state} IN ('processing', 'approved', 'broadcast', 'completed', 'rejected', 'failed', 'cancelled')`,
    ),
    check('withdrawals_amounts', sql`${t.fee} >= 0 AND ${t.amount} > ${t.fee}`),
  ],
);

/** Operators' approvals of a withdrawal: one row each, so four eyes means two different operators. */
export const withdrawApprovals = pgTable(
  'withdraw_approvals',
  {
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    approvedAt: ts('approved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.operatorId] })],
);

/**
 * The signer's nonces (docs/withdrawals.md "Signer"): the next nonce of each hot-wallet address,
 * reserved under this row's lock in the transaction that records the signed transaction, never read
 * from the node's count.
 */
export const signerNonces = pgTable(
  'signer_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

/**
 * Every signed transaction of a withdrawal, recorded before it is sent: the first, and each re-send
 * of the same nonce at a higher fee. At most one of a nonce's attempts can be mined.
 */
export const withdrawBroadcasts = pgTable(
  'withdraw_broadcasts',
  {
    id: id(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    chain: text('chain').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    maxFeePerGas: money('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: money('max_priority_fee_per_gas').notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('withdraw_broadcasts_hash').on(t.txHash),
    uniqueIndex('withdraw_broadcasts_attempt').on(t.chain, t.fromAddress, t.nonce, t.attempt),
    index('withdraw_broadcasts_withdrawal').on(t.withdrawalId, t.attempt),
  ],
);

/** The "this wasn't me" links of new-address notices: a token (stored hashed) that freezes withdrawals, once, for 7 days. */
export const withdrawFreezeTokens = pgTable('withdraw_freeze_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  addressId: bigint('address_id', { mode: 'number' })
    .notNull()
    .references(() => withdrawAddresses.id),
  createdAt: ts('created_at').notNull(),
  usedAt: ts('used_at'),
});

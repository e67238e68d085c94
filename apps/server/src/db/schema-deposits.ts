import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { publicId, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Each user's deposit address per chain family (docs/deposits.md "Addresses"): the BIP-32 child
 * index it was derived at, allocated once and never reused, and the address itself (as shown,
 * and in the form the chain watcher looks it up by).
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** evm, tron or btc: every coin of a family shares the address. */
    family: text('family').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** As shown: EIP-55 hex, base58 T…, bech32 bc1q…. */
    address: text('address').notNull(),
    /** As looked up: lower-case hex on EVM, lower-case bech32, TRON base58 as it is. */
    lookup: text('lookup').notNull(),
    /** Which account key derived it: the first 16 hex digits of sha256 of its xpub. */
    keyId: text('key_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_user').on(t.userId, t.family),
    uniqueIndex('deposit_addresses_index').on(t.family, t.derivationIndex),
    uniqueIndex('deposit_addresses_lookup').on(t.family, t.lookup),
    check('deposit_addresses_family', sql`${t.family} IN ('evm', 'tron', 'btc')`),
    check('deposit_addresses_derivation_index', sql`${t.derivationIndex} >= 0`),
  ],
);

/** The next free child index per family; its row lock makes allocations one at a time. */
export const depositAddressCounters = pgTable(
  'deposit_address_counters',
  {
    family: text('family').primaryKey(),
    nextIndex: integer('next_index').notNull(),
  },
  (t) => [check('deposit_address_counters_next', sql`${t.nextIndex} >= 0`)],
);

/** The address book: addresses a user sends deposits from, labelled, per coin and chain. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    lookup: text('lookup').notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('saved_addresses_public_id').on(t.publicId),
    uniqueIndex('saved_addresses_unique').on(t.userId, t.symbol, t.chain, t.lookup),
    index('saved_addresses_user').on(t.userId, t.symbol, t.id),
  ],
);

/**
 * A user's word that they sent a deposit in a transaction (`userrechange/insert`): kept for
 * support and the chain watcher; it credits nothing.
 */
export const depositNotices = pgTable(
  'deposit_notices',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    /** What the user says they sent, in minor units; null when not given. */
    amount: money('amount'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('deposit_notices_public_id').on(t.publicId),
    uniqueIndex('deposit_notices_unique').on(t.userId, t.chain, t.txHash),
    index('deposit_notices_tx').on(t.chain, t.txHash),
  ],
);

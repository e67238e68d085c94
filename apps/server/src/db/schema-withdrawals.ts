import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    symbol: text('symbol').notNull(),
    chain: text('chain').notNull(),
    /** As shown: EIP-55 hex, base58 T…, bech32 or base58 on Bitcoin. */
    address: text('address').notNull(),
    /** As looked up: lower-case hex on EVM, lower-case bech32, base58 as it is. */
    lookup: text('lookup').notNull(),
    nickname: text('nickname').notNull(),
    createdAt: ts('created_at').notNull(),
    usableFrom: ts('usable_from').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('withdraw_addresses_public_id').on(t.publicId),
    uniqueIndex('withdraw_addresses_unique').on(t.userId, t.symbol, t.chain, t.lookup).where(sql`${t.deletedAt} IS NULL`),
    index('withdraw_addresses_user').on(t.userId, t.symbol, t.id),
  ],
);

import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Where each chain's scanner is (docs/deposits.md, "Local chain and scanner"): the last block it
 * has scanned and handed on, with that block's hash. Written only through the chains module, in
 * the same transaction as what the scanner's consumer records for the blocks.
 */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  /** null only before the first block was scanned (the cursor stands before the start block). */
  blockHash: text('block_hash'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * The latest blocks a scanner has scanned (the last CHAIN_KEEP_BLOCKS of them): a re-org shows as a
 * new block whose parent hash is not the hash kept here, and the kept hashes lead back to the
 * common ancestor.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chain: text('chain').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    /** How many transfers to watched addresses the block held when it was scanned. */
    transfers: integer('transfers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.blockNumber] })],
);

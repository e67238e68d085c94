import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chainBlocks, chainCursors } from '../../db/schema-chains';

export interface StoredCursor {
  blockNumber: number;
  blockHash: string | null;
}

export interface StoredBlock {
  blockNumber: number;
  blockHash: string;
  parentHash: string;
  transfers: number;
}

/** The chains module's tables: each scanner's cursor and the hashes of the blocks it scanned. */
export const chainRepo = {
  /** The chain's cursor; `update` locks it to move it, `share` holds it still while the caller's transaction relies on it. */
  async cursor(db: DbOrTx, chain: string, lock: boolean | 'share' = false): Promise<StoredCursor | null> {
    const q = db
      .select({ blockNumber: chainCursors.blockNumber, blockHash: chainCursors.blockHash })
      .from(chainCursors)
      .where(eq(chainCursors.chain, chain));
    const [row] = lock === 'share' ? await q.for('share') : lock ? await q.for('update') : await q;
    return row ?? null;
  },

  /** Every chain's cursor height. */
  async heights(db: DbOrTx): Promise<Map<string, number>> {
    const rows = await db
      .select({ chain: chainCursors.chain, blockNumber: chainCursors.blockNumber })
      .from(chainCursors);
    return new Map(rows.map((r) => [r.chain, r.blockNumber]));
  },

  /** Inserts the first cursor of a chain; false if another scanner did so first. */
  async createCursor(db: DbOrTx, chain: string, c: StoredCursor, at: Date): Promise<boolean> {
    const rows = await db
      .insert(chainCursors)
      .values({ chain, ...c, updatedAt: at })
      .onConflictDoNothing()
      .returning({ chain: chainCursors.chain });
    return rows.length === 1;
  },

  async moveCursor(db: DbOrTx, chain: string, c: StoredCursor, at: Date): Promise<void> {
    await db
      .update(chainCursors)
      .set({ ...c, updatedAt: at })
      .where(eq(chainCursors.chain, chain));
  },

  /** The kept blocks at or below `upTo`, newest first. */
  async blocksDown(db: DbOrTx, chain: string, upTo: number): Promise<StoredBlock[]> {
    return db
      .select({
        blockNumber: chainBlocks.blockNumber,
        blockHash: chainBlocks.blockHash,
        parentHash: chainBlocks.parentHash,
        transfers: chainBlocks.transfers,
      })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chain, chain), lte(chainBlocks.blockNumber, upTo)))
      .orderBy(desc(chainBlocks.blockNumber));
  },

  async addBlocks(db: DbOrTx, chain: string, blocks: StoredBlock[]): Promise<void> {
    if (blocks.length) await db.insert(chainBlocks).values(blocks.map((b) => ({ chain, ...b })));
  },

  async deleteBlocksAbove(db: DbOrTx, chain: string, above: number): Promise<void> {
    await db.delete(chainBlocks).where(and(eq(chainBlocks.chain, chain), gt(chainBlocks.blockNumber, above)));
  },

  async deleteBlocksUpTo(db: DbOrTx, chain: string, upTo: number): Promise<void> {
    await db.delete(chainBlocks).where(and(eq(chainBlocks.chain, chain), lte(chainBlocks.blockNumber, upTo)));
  },
};

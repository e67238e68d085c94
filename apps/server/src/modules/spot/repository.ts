import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { newestFirst } from '../../db/paging';
import { spotOrders } from '../../db/schema-trading';

export type OrderRow = typeof spotOrders.$inferSelect;
export type OrderFigures = Partial<
  Pick<OrderRow, 'fillPrice' | 'total' | 'fee' | 'reserved' | 'openTransactionId' | 'closeTransactionId'>
>;

/**
 * Which orders a step may close: one of a user's in a mode by its public id (what the API
 * shows; someone else's is not found), or any by its internal id (the matcher).
 */
export type OrderKey = { publicId: string; userId: number; mode: string } | { id: number };

const whereKey = (k: OrderKey): SQL | undefined =>
  'userId' in k
    ? and(eq(spotOrders.publicId, k.publicId), eq(spotOrders.userId, k.userId), eq(spotOrders.mode, k.mode))
    : eq(spotOrders.id, k.id);

/** Spot's SQL: orders and the matcher's look-up. */
export const spotRepo = {
  /** USDT minor units of the user's orders filled in `mode` from `since` on (the VIP tiers' volume, docs/vip.md). */
  async volumeSince(db: DbOrTx, userId: number, mode: string, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ v: sql<string>`coalesce(sum(${spotOrders.total}), 0)` })
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, userId),
          eq(spotOrders.mode, mode),
          eq(spotOrders.status, 'filled'),
          gte(spotOrders.closedAt, since),
        ),
      );
    return BigInt(row?.v ?? '0');
  },

  async insert(tx: Tx, row: typeof spotOrders.$inferInsert): Promise<OrderRow> {
    const [created] = await tx.insert(spotOrders).values(row).returning();
    return created!;
  },

  /**
   * Takes an open order out of `open`: the one conditional update that makes every fill and
   * cancel happen once. A concurrent filler or canceller waits on the row lock and then finds
   * it no longer open (PostgreSQL re-checks the condition on the new row version).
   */
  async close(tx: Tx, key: OrderKey, status: 'filled' | 'cancelled', at: Date): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(spotOrders)
      .set({ status, closedAt: at })
      .where(and(whereKey(key), eq(spotOrders.status, 'open')))
      .returning();
    return row;
  },

  async exists(db: DbOrTx, key: OrderKey): Promise<boolean> {
    const [found] = await db.select({ id: spotOrders.id }).from(spotOrders).where(whereKey(key));
    return found !== undefined;
  },

  /** Writes what a step of an order did (its ledger transaction, a fill's figures) onto its row. */
  async record(tx: Tx, id: number, set: OrderFigures): Promise<OrderRow> {
    const [row] = await tx.update(spotOrders).set(set).where(eq(spotOrders.id, id)).returning();
    return row!;
  },

  /**
   * The open limit orders a quote crosses, per symbol (a buy when the ask is at or below its
   * limit, a sell when the bid is at or above it), oldest first, at most `limit`: one query over
   * the `spot_orders_book` index.
   */
  async crossing(db: DbOrTx, quotes: { symbol: string; bid: number; ask: number }[], limit: number): Promise<number[]> {
    if (quotes.length === 0) return [];
    const crossing = quotes.flatMap((q) => {
      const s = eq(spotOrders.symbol, q.symbol);
      return [
        and(s, eq(spotOrders.side, 'buy'), gte(spotOrders.price, q.ask))!,
        and(s, eq(spotOrders.side, 'sell'), lte(spotOrders.price, q.bid))!,
      ];
    });
    const due = await db
      .select({ id: spotOrders.id })
      .from(spotOrders)
      .where(and(eq(spotOrders.status, 'open'), or(...crossing)))
      .orderBy(spotOrders.id)
      .limit(limit);
    return due.map((d) => d.id);
  },

  page(
    db: DbOrTx,
    q: { userId: number; mode: string; statuses: string[]; symbol?: string | undefined },
    page: number,
    size: number,
  ) {
    const where = and(
      eq(spotOrders.userId, q.userId),
      eq(spotOrders.mode, q.mode),
      inArray(spotOrders.status, q.statuses),
      q.symbol ? eq(spotOrders.symbol, q.symbol) : undefined,
    );
    return newestFirst(db, spotOrders, where, page, size);
  },

  async ofUser(db: DbOrTx, key: { publicId: string; userId: number; mode: string }): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(spotOrders).where(whereKey(key));
    return row;
  },
};

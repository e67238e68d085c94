import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newestFirst } from '../../db/paging';
import { otcQuotes, otcTrades } from '../../db/schema-otc';

export type OtcQuoteRow = typeof otcQuotes.$inferSelect;
export type OtcTradeRow = typeof otcTrades.$inferSelect;

/** OTC's SQL: quotes and trades. */
export const otcRepo = {
  async insertQuote(db: DbOrTx, row: typeof otcQuotes.$inferInsert): Promise<void> {
    await db.insert(otcQuotes).values(row);
  },

  /** Marks the user's quote used, if it is theirs, in this mode, unused and not expired at `now`; the row, or undefined. */
  async useQuote(db: DbOrTx, id: string, userId: number, mode: string, now: Date): Promise<OtcQuoteRow | undefined> {
    const [row] = await db
      .update(otcQuotes)
      .set({ usedAt: now })
      .where(
        and(
          eq(otcQuotes.id, id),
          eq(otcQuotes.userId, userId),
          eq(otcQuotes.mode, mode),
          isNull(otcQuotes.usedAt),
          gt(otcQuotes.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  async quote(db: DbOrTx, id: string): Promise<OtcQuoteRow | undefined> {
    const [row] = await db.select().from(otcQuotes).where(eq(otcQuotes.id, id));
    return row;
  },

  async insertTrade(db: DbOrTx, row: typeof otcTrades.$inferInsert): Promise<OtcTradeRow> {
    const [created] = await db.insert(otcTrades).values(row).returning();
    return created!;
  },

  /** USDT minor units of the user's trades in `mode` from `since` on (the VIP tiers' volume, docs/vip.md). */
  async volumeSince(db: DbOrTx, userId: number, mode: string, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ v: sql<string>`coalesce(sum(${otcTrades.volumeUsdt}), 0)` })
      .from(otcTrades)
      .where(and(eq(otcTrades.userId, userId), eq(otcTrades.mode, mode), gte(otcTrades.createdAt, since)));
    return BigInt(row?.v ?? '0');
  },

  trades(db: DbOrTx, userId: number, mode: string, page: number, size: number) {
    return newestFirst(db, otcTrades, and(eq(otcTrades.userId, userId), eq(otcTrades.mode, mode)), page, size);
  },
};

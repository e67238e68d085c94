import { and, count, desc, eq, sql } from 'drizzle-orm';
import { newestFirst } from '../../db/paging';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, transfers } from '../../db/schema';

export type TransferRow = typeof transfers.$inferSelect;

export const walletRepo = {
  async insertTransfer(db: DbOrTx, row: typeof transfers.$inferInsert): Promise<TransferRow> {
    const [created] = await db.insert(transfers).values(row).returning();
    return created!;
  },

  async transfers(db: DbOrTx, userId: number, mode: string, page: number, size: number) {
    const { rows, total } = await newestFirst(db, transfers, and(eq(transfers.userId, userId), eq(transfers.mode, mode)), page, size);
    return { items: rows, total };
  },

  /** The user's postings, newest first, with the account and the transaction they belong to. */
  async changes(db: DbOrTx, userId: number, mode: string, filter: { kind?: string; asset?: string }, limit: number, offset: number) {
    const where = and(
      eq(ledgerAccounts.userId, userId),
      eq(ledgerAccounts.mode, mode),
      filter.kind ? sql`${ledgerAccounts.kind} IN (${filter.kind}, ${filter.kind + '_frozen'})` : undefined,
      filter.asset ? eq(ledgerAccounts.asset, filter.asset) : undefined,
    );
    const base = db
      .select({
        id: ledgerPostings.id, kind: ledgerAccounts.kind, asset: ledgerPostings.asset, amount: ledgerPostings.amount,
        balanceAfter: ledgerPostings.balanceAfter, txKind: ledgerTransactions.kind, reference: ledgerTransactions.reference,
        createdAt: ledgerPostings.createdAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where);
    const [items, [total]] = await Promise.all([
      base.orderBy(desc(ledgerPostings.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(ledgerPostings).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId)).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },
};

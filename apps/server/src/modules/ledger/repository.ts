import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema';
import type { AccountRef } from './accounts';

export type AccountRow = typeof ledgerAccounts.$inferSelect;

export const ledgerRepo = {
  /** The account, created on first use. */
  async ensureAccount(db: DbOrTx, ref: AccountRef, now: Date): Promise<AccountRow> {
    const found = await this.findAccount(db, ref);
    if (found) return found;
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, mode, kind, asset, balance, created_at)
      VALUES (${ref.userId}, ${ref.mode}, ${ref.kind}, ${ref.asset}, 0, ${now.toISOString()})
      ON CONFLICT DO NOTHING`);
    return (await this.findAccount(db, ref))!;
  },

  async findAccount(db: DbOrTx, ref: AccountRef): Promise<AccountRow | undefined> {
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(and(
        ref.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, ref.userId),
        eq(ledgerAccounts.mode, ref.mode),
        eq(ledgerAccounts.kind, ref.kind),
        eq(ledgerAccounts.asset, ref.asset),
      ))
      .limit(1);
    return rows[0];
  },

  async accountsOfUser(db: DbOrTx, userId: number, mode: string): Promise<AccountRow[]> {
    return db.select().from(ledgerAccounts).where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.mode, mode)));
  },

  /**
   * Adds `delta` to the balance unless that would take a user account below zero. The row lock
   * this takes serialises concurrent spenders; PostgreSQL re-checks the condition after waiting.
   * Returns the new balance, or null when refused.
   */
  async applyDelta(db: DbOrTx, accountId: number, delta: bigint): Promise<bigint | null> {
    const rows = await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toString()}::numeric` })
      .where(and(
        eq(ledgerAccounts.id, accountId),
        sql`(${ledgerAccounts.userId} IS NULL OR ${ledgerAccounts.balance} + ${delta.toString()}::numeric >= 0)`,
      ))
      .returning({ balance: ledgerAccounts.balance });
    return rows[0]?.balance ?? null;
  },

  async insertTransaction(db: DbOrTx, row: typeof ledgerTransactions.$inferInsert): Promise<number> {
    const [created] = await db.insert(ledgerTransactions).values(row).returning({ id: ledgerTransactions.id });
    return created!.id;
  },

  async insertPostings(db: DbOrTx, rows: (typeof ledgerPostings.$inferInsert)[]): Promise<void> {
    await db.insert(ledgerPostings).values(rows);
  },

  async accountsByIds(db: DbOrTx, ids: number[]): Promise<AccountRow[]> {
    return ids.length ? db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)) : [];
  },
};

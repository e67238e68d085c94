import { and, asc, count, desc, eq, gt, inArray, isNull, lte, min, notInArray, sql, sum } from 'drizzle-orm';
import type { WithdrawalState } from '@app/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { cappedCount } from '../../db/paging';
import { notifyUser } from '../notifications';
import { operatorEmails } from '../operators';
import { userRepo } from '../users';
import type { WithdrawAddressRow } from './address-book-repository';
import {
  withdrawAddresses,
  withdrawApprovals,
  withdrawQuotes,
  withdrawSettings,
  withdrawals,
} from '../../db/schema-withdrawals';

export type WithdrawSettingRow = typeof withdrawSettings.$inferSelect;
export type { WithdrawAddressRow };
export type WithdrawQuoteRow = typeof withdrawQuotes.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** States whose amount counts against the daily limit: all but those whose escrow went back. */
const RETURNED: WithdrawalState[] = ['rejected', 'failed', 'cancelled'];

/** The withdrawal flow's SQL (docs/withdrawals.md "Create and confirm", "Review"). */
export const withdrawalRepo = {
  // ----- settings -------------------------------------------------------------------------------

  async settings(db: DbOrTx): Promise<WithdrawSettingRow[]> {
    return db.select().from(withdrawSettings).orderBy(asc(withdrawSettings.symbol), asc(withdrawSettings.chain));
  },

  async setting(db: DbOrTx, symbol: string, chain: string): Promise<WithdrawSettingRow | undefined> {
    const [row] = await db
      .select()
      .from(withdrawSettings)
      .where(and(eq(withdrawSettings.symbol, symbol), eq(withdrawSettings.chain, chain)));
    return row;
  },

  /** Writes the defaults of rows that do not exist yet (operators' changes stay). */
  async seedSettings(db: DbOrTx, rows: (typeof withdrawSettings.$inferInsert)[]): Promise<void> {
    if (rows.length) await db.insert(withdrawSettings).values(rows).onConflictDoNothing();
  },

  async updateSetting(db: DbOrTx, row: typeof withdrawSettings.$inferInsert): Promise<WithdrawSettingRow | undefined> {
    const [updated] = await db
      .update(withdrawSettings)
      .set(row)
      .where(and(eq(withdrawSettings.symbol, row.symbol), eq(withdrawSettings.chain, row.chain)))
      .returning();
    return updated;
  },

  // ----- the user's side ------------------------------------------------------------------------

  async address(db: DbOrTx, userId: number, publicId: string): Promise<WithdrawAddressRow | undefined> {
    const [row] = await db
      .select()
      .from(withdrawAddresses)
      .where(
        and(
          eq(withdrawAddresses.userId, userId),
          eq(withdrawAddresses.publicId, publicId),
          isNull(withdrawAddresses.deletedAt),
        ),
      );
    return row;
  },

  async addressById(db: DbOrTx, id: number): Promise<WithdrawAddressRow | undefined> {
    const [row] = await db.select().from(withdrawAddresses).where(eq(withdrawAddresses.id, id));
    return row;
  },

  /** What the user's withdrawals of a coin since `since` add up to, those returned left out. */
  async withdrawnSince(db: DbOrTx, userId: number, symbol: string, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          eq(withdrawals.symbol, symbol),
          gt(withdrawals.createdAt, since),
          notInArray(withdrawals.state, RETURNED),
        ),
      );
    return BigInt(row?.total ?? 0);
  },

  /** Whether the user has a withdrawal that went out or is on its way: at all, and to one address. */
  async sent(db: DbOrTx, userId: number, addressId: number): Promise<{ any: boolean; toAddress: boolean }> {
    const [row] = await db
      .select({
        any: sql<boolean>`count(*) > 0`,
        toAddress: sql<boolean>`coalesce(bool_or(${withdrawals.addressId} = ${addressId}), false)`,
      })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.state, ['approved', 'broadcast', 'completed'])));
    return { any: Boolean(row?.any), toAddress: Boolean(row?.toAddress) };
  },

  async insertQuote(db: DbOrTx, row: typeof withdrawQuotes.$inferInsert): Promise<void> {
    await db.insert(withdrawQuotes).values(row);
  },

  /** Removes quotes never confirmed that expired before `before` (confirmed ones stay: withdrawals name them). */
  async purgeQuotes(db: DbOrTx, before: Date): Promise<number> {
    return (
      await db
        .delete(withdrawQuotes)
        .where(and(isNull(withdrawQuotes.usedAt), lte(withdrawQuotes.expiresAt, before)))
        .returning({ id: withdrawQuotes.id })
    ).length;
  },

  async quote(db: DbOrTx, id: string): Promise<WithdrawQuoteRow | undefined> {
    const [row] = await db.select().from(withdrawQuotes).where(eq(withdrawQuotes.id, id));
    return row;
  },

  /** Marks an unused, unexpired quote of the user used; undefined if it is not one. Rolled back with its transaction. */
  async useQuote(tx: Tx, id: string, userId: number, now: Date): Promise<WithdrawQuoteRow | undefined> {
    const [row] = await tx
      .update(withdrawQuotes)
      .set({ usedAt: now })
      .where(
        and(
          eq(withdrawQuotes.id, id),
          eq(withdrawQuotes.userId, userId),
          isNull(withdrawQuotes.usedAt),
          gt(withdrawQuotes.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  async insert(tx: Tx, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    const [created] = await tx.insert(withdrawals).values(row).returning();
    return created!;
  },

  /** A withdrawal under its row lock (of the user, when given, by public id; or by id). */
  async lock(tx: Tx, by: { id: number } | { userId: number; publicId: string }): Promise<WithdrawalRow | undefined> {
    const where =
      'id' in by
        ? eq(withdrawals.id, by.id)
        : and(eq(withdrawals.userId, by.userId), eq(withdrawals.publicId, by.publicId));
    const [row] = await tx.select().from(withdrawals).where(where).for('update');
    return row;
  },

  async update(tx: Tx, id: number, patch: Partial<typeof withdrawals.$inferInsert>): Promise<WithdrawalRow> {
    const [row] = await tx.update(withdrawals).set(patch).where(eq(withdrawals.id, id)).returning();
    return row!;
  },

  async processingOf(tx: Tx, userId: number): Promise<WithdrawalRow[]> {
    return tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'processing')))
      .orderBy(asc(withdrawals.id))
      .for('update');
  },

  async page(
    db: DbOrTx,
    userId: number,
    filter: { symbol?: string | undefined; state?: string | undefined },
    page: number,
    size: number,
  ) {
    const where = and(
      eq(withdrawals.userId, userId),
      filter.symbol ? eq(withdrawals.symbol, filter.symbol) : undefined,
      filter.state ? eq(withdrawals.state, filter.state) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ n: count() }).from(withdrawals).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Tells the user how a withdrawal ended (a notice, in the same transaction). */
  async notify(tx: Tx, row: WithdrawalRow, at: Date, params: Record<string, unknown>): Promise<void> {
    await notifyUser(tx, row.userId, `withdrawal.${row.state}`, at, {
      id: row.publicId,
      currency: row.symbol,
      ...params,
    });
  },

  // ----- the back office ------------------------------------------------------------------------

  async pendingSummary(db: DbOrTx): Promise<{ pending: number; oldestAt: Date | null }> {
    const [row] = await db
      .select({ pending: count(), oldestAt: min(withdrawals.createdAt) })
      .from(withdrawals)
      .where(eq(withdrawals.state, 'processing'));
    return { pending: row?.pending ?? 0, oldestAt: row?.oldestAt ?? null };
  },

  /** Processing ones oldest first, others newest first; with the user's UID (the users module's), capped count. */
  async adminPage(
    db: DbOrTx,
    filter: { state: string; userId?: number | undefined; id?: number | undefined },
    page: number,
    size: number,
    cap: number,
  ) {
    const where =
      filter.id !== undefined
        ? eq(withdrawals.id, filter.id)
        : and(
            eq(withdrawals.state, filter.state),
            filter.userId === undefined ? undefined : eq(withdrawals.userId, filter.userId),
          );
    const order = filter.state === 'processing' ? asc(withdrawals.id) : desc(withdrawals.id);
    const [found, counted] = await Promise.all([
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(order)
        .limit(size)
        .offset((page - 1) * size),
      cappedCount(db, withdrawals, where, cap),
    ]);
    const rows = (await userRepo.withUids(db, found, (w) => w.userId)).map(({ row, uid }) => ({ w: row, uid }));
    return { rows, ...counted };
  },

  /** The e-mails of the operators who approved each withdrawal, in order (an operator unknown to the operators module is left out). */
  async approvers(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (!ids.length) return out;
    const rows = await db
      .select({ id: withdrawApprovals.withdrawalId, operatorId: withdrawApprovals.operatorId })
      .from(withdrawApprovals)
      .where(inArray(withdrawApprovals.withdrawalId, ids))
      .orderBy(asc(withdrawApprovals.approvedAt));
    const emails = await operatorEmails(
      db,
      rows.map((r) => r.operatorId),
    );
    for (const r of rows) {
      const email = emails.get(r.operatorId);
      if (email !== undefined) out.set(r.id, [...(out.get(r.id) ?? []), email]);
    }
    return out;
  },

  operatorEmails,

  /** Records an operator's approval; false if this operator had approved it already. */
  async approve(
    tx: Tx,
    withdrawalId: number,
    operatorId: number,
    at: Date,
  ): Promise<{ added: boolean; approvals: number }> {
    const added = await tx
      .insert(withdrawApprovals)
      .values({ withdrawalId, operatorId, approvedAt: at })
      .onConflictDoNothing()
      .returning();
    const [row] = await tx
      .select({ n: count() })
      .from(withdrawApprovals)
      .where(eq(withdrawApprovals.withdrawalId, withdrawalId));
    return { added: added.length > 0, approvals: row?.n ?? 0 };
  },
};

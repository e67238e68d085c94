import { asc, count, desc, eq, inArray, isNotNull, isNull, and, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cappedCount } from '../../db/paging';
import { operatorApprovals } from '../../db/schema-operators';
import { operatorEmails } from '../operators';

export type ApprovalRow = typeof operatorApprovals.$inferSelect;

/** Four-eyes requests (`operator_approvals`, migration 0016: the database refuses a decision by the requester, and any change after it). */
export const approvalRepo = {
  async insert(db: DbOrTx, row: typeof operatorApprovals.$inferInsert): Promise<number> {
    const [created] = await db.insert(operatorApprovals).values(row).returning({ id: operatorApprovals.id });
    return created!.id;
  },

  async lock(db: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
    const [row] = await db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id)).for('update');
    return row;
  },

  async decide(
    db: DbOrTx,
    id: number,
    values: Pick<ApprovalRow, 'decision' | 'decidedBy' | 'decidedAt'>,
  ): Promise<void> {
    await db.update(operatorApprovals).set(values).where(eq(operatorApprovals.id, id));
  },

  /** How many requests await a decision and since when the oldest waits (on the partial index of pending ones). */
  async pendingSummary(db: DbOrTx): Promise<{ pending: number; oldestAt: Date | null }> {
    const [row] = await db
      .select({ pending: count(), oldestAt: min(operatorApprovals.requestedAt) })
      .from(operatorApprovals)
      .where(isNull(operatorApprovals.decision));
    return { pending: row?.pending ?? 0, oldestAt: row?.oldestAt ?? null };
  },

  /** Pending ones oldest first (on the partial index), decided ones of a decision newest first; with the operators' e-mails. */
  async list(db: DbOrTx, decision: 'approved' | 'rejected' | null, page: number, size: number, id?: number) {
    const where =
      id !== undefined
        ? eq(operatorApprovals.id, id)
        : decision === null
          ? isNull(operatorApprovals.decision)
          : and(isNotNull(operatorApprovals.decision), eq(operatorApprovals.decision, decision));
    const order =
      decision === null
        ? [asc(operatorApprovals.requestedAt), asc(operatorApprovals.id)]
        : [desc(operatorApprovals.decidedAt), desc(operatorApprovals.id)];
    // The page's ids first (on the partial indexes), then their rows, then the operators' e-mails (the operators module's).
    const ids = db
      .select({ id: operatorApprovals.id })
      .from(operatorApprovals)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size);
    const approvals = await db
      .select()
      .from(operatorApprovals)
      .where(inArray(operatorApprovals.id, ids))
      .orderBy(...order);
    const emails = await operatorEmails(
      db,
      approvals.flatMap((a) => (a.decidedBy === null ? [a.requestedBy] : [a.requestedBy, a.decidedBy])),
    );
    // A requester always exists (a foreign key): the join this replaces was an inner one.
    const rows = approvals.flatMap((approval) => {
      const requestedBy = emails.get(approval.requestedBy);
      if (requestedBy === undefined) return [];
      return [
        {
          approval,
          requestedBy,
          decidedBy: approval.decidedBy === null ? null : (emails.get(approval.decidedBy) ?? null),
        },
      ];
    });
    return { rows, ...(await cappedCount(db, operatorApprovals, where)) };
  },
};

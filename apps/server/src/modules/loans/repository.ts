import { and, asc, count, desc, eq, gte, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { cappedCount } from '../../db/paging';
import type { Invariant } from '../ledger';
import { noticeSent } from '../notifications';
import { userRepo } from '../users';
import { loanApprovals, loanPayments, loanProducts, loanQuotes, loans } from '../../db/schema-financing';

export type LoanProductRow = typeof loanProducts.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type LoanQuoteRow = typeof loanQuotes.$inferSelect;
export type LoanQuoteItem = LoanQuoteRow['items'][number];

/** States a user can pay. */
export const OPEN_STATES = ['approved', 'partially_settled'] as const;

/** The loans module's SQL (docs/loans.md). Only this module reads or writes the `loan_*` tables. */
export const loanRepo = {
  // ----- products -------------------------------------------------------------------------------

  async products(db: DbOrTx, enabledOnly: boolean): Promise<LoanProductRow[]> {
    return db
      .select()
      .from(loanProducts)
      .where(enabledOnly ? eq(loanProducts.enabled, true) : undefined)
      .orderBy(asc(loanProducts.id));
  },

  async product(db: DbOrTx, publicId: string): Promise<LoanProductRow | undefined> {
    const [row] = await db.select().from(loanProducts).where(eq(loanProducts.publicId, publicId));
    return row;
  },

  /** Writes `rows` if there is no product yet (one writer at a time: a transaction-scoped advisory lock). */
  async seedProducts(db: DbOrTx, rows: (typeof loanProducts.$inferInsert)[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loan_products_seed'))`);
      const [n] = await tx.select({ n: count() }).from(loanProducts);
      if ((n?.n ?? 0) === 0 && rows.length) await tx.insert(loanProducts).values(rows);
    });
  },

  async insertProduct(tx: Tx, row: typeof loanProducts.$inferInsert): Promise<LoanProductRow> {
    const [created] = await tx.insert(loanProducts).values(row).returning();
    return created!;
  },

  async updateProduct(tx: Tx, id: number, patch: Partial<typeof loanProducts.$inferInsert>): Promise<LoanProductRow> {
    const [row] = await tx.update(loanProducts).set(patch).where(eq(loanProducts.id, id)).returning();
    return row!;
  },

  // ----- loans ----------------------------------------------------------------------------------

  async insert(tx: DbOrTx, row: typeof loans.$inferInsert): Promise<LoanRow> {
    const [created] = await tx.insert(loans).values(row).returning();
    return created!;
  },

  async byPublicId(db: DbOrTx, userId: number, publicId: string): Promise<LoanRow | undefined> {
    const [row] = await db
      .select()
      .from(loans)
      .where(and(eq(loans.userId, userId), eq(loans.publicId, publicId)));
    return row;
  },

  /** A loan under its row lock (by id). */
  async lock(tx: Tx, id: number): Promise<LoanRow | undefined> {
    const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
    return row;
  },

  /** The user's loans that can be paid, oldest first (under their row locks, when asked). */
  async open(db: DbOrTx, userId: number, lock: boolean, ids?: number[]): Promise<LoanRow[]> {
    const q = db
      .select()
      .from(loans)
      .where(
        and(eq(loans.userId, userId), inArray(loans.state, [...OPEN_STATES]), ids ? inArray(loans.id, ids) : undefined),
      )
      .orderBy(asc(loans.id));
    return lock ? q.for('update') : q;
  },

  async update(tx: Tx, id: number, patch: Partial<typeof loans.$inferInsert>): Promise<LoanRow> {
    const [row] = await tx.update(loans).set(patch).where(eq(loans.id, id)).returning();
    return row!;
  },

  async page(db: DbOrTx, userId: number, states: readonly string[] | undefined, page: number, size: number) {
    const where = and(eq(loans.userId, userId), states ? inArray(loans.state, [...states]) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(loans)
        .where(where)
        .orderBy(desc(loans.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ n: count() }).from(loans).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  // ----- quotes and payments --------------------------------------------------------------------

  async insertQuote(db: DbOrTx, row: typeof loanQuotes.$inferInsert): Promise<void> {
    await db.insert(loanQuotes).values(row);
  },

  /** A quote under its row lock (concurrent payers of one quote go one at a time). */
  async lockQuote(tx: Tx, id: string): Promise<LoanQuoteRow | undefined> {
    const [row] = await tx.select().from(loanQuotes).where(eq(loanQuotes.id, id)).for('update');
    return row;
  },

  /** Removes quotes never paid that expired before `before` (paid ones stay: payments name them). */
  async purgeQuotes(db: DbOrTx, before: Date): Promise<number> {
    return (
      await db
        .delete(loanQuotes)
        .where(and(isNull(loanQuotes.usedAt), lte(loanQuotes.expiresAt, before)))
        .returning({ id: loanQuotes.id })
    ).length;
  },

  async useQuote(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.update(loanQuotes).set({ usedAt: at }).where(eq(loanQuotes.id, id));
  },

  async insertPayment(tx: Tx, row: typeof loanPayments.$inferInsert): Promise<void> {
    await tx.insert(loanPayments).values(row);
  },

  /** Serialises the due-date reminder passes of every process (held until the transaction ends). */
  async lockReminders(tx: Tx): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loans:due-reminders'))`);
  },

  /**
   * Open loans owed a `kind` reminder: due by `dueBy` (and not before `dueAfter`), with no notice
   * of that kind for the loan yet (the notifications module's `noticeSent`: params->>'id' is the
   * loan's public id, the marker: a reminder is written once, and one missed during downtime is
   * written at the next pass). The NOT EXISTS is answered through user_notifications_user (user_id, id), per loan.
   */
  async owedReminder(tx: Tx, kind: string, dueAfter: Date | null, dueBy: Date, limit: number): Promise<LoanRow[]> {
    return tx
      .select()
      .from(loans)
      .where(
        and(
          inArray(loans.state, [...OPEN_STATES]),
          lte(loans.dueAt, dueBy),
          dueAfter ? gte(loans.dueAt, dueAfter) : undefined,
          sql`NOT ${noticeSent(loans.userId, kind, sql`${loans.publicId}::text`)}`,
        ),
      )
      .orderBy(asc(loans.id))
      .limit(limit);
  },

  // ----- the back office ------------------------------------------------------------------------

  async pendingSummary(db: DbOrTx): Promise<{ pending: number; oldestAt: Date | null }> {
    const [row] = await db
      .select({ pending: count(), oldestAt: min(loans.createdAt) })
      .from(loans)
      .where(eq(loans.state, 'pending'));
    return { pending: row?.pending ?? 0, oldestAt: row?.oldestAt ?? null };
  },

  /** Pending ones oldest first, others newest first; with the user's UID (the users module's), capped count. */
  async adminPage(
    db: DbOrTx,
    filter: { state: string; userId?: number | undefined; id?: number | undefined },
    page: number,
    size: number,
    cap: number,
  ) {
    const where =
      filter.id !== undefined
        ? eq(loans.id, filter.id)
        : and(eq(loans.state, filter.state), filter.userId === undefined ? undefined : eq(loans.userId, filter.userId));
    const order = filter.state === 'pending' ? asc(loans.id) : desc(loans.id);
    const [found, counted] = await Promise.all([
      db
        .select()
        .from(loans)
        .where(where)
        .orderBy(order)
        .limit(size)
        .offset((page - 1) * size),
      cappedCount(db, loans, where, cap),
    ]);
    const rows = (await userRepo.withUids(db, found, (l) => l.userId)).map(({ row, uid }) => ({ l: row, uid }));
    return { rows, ...counted };
  },

  async loanById(db: DbOrTx, id: number): Promise<LoanRow | undefined> {
    const [row] = await db.select().from(loans).where(eq(loans.id, id));
    return row;
  },

  /** The operators who approved each loan, in order of approval. */
  async approvals(db: DbOrTx, ids: number[]): Promise<{ loanId: number; operatorId: number }[]> {
    if (!ids.length) return [];
    return db
      .select({ loanId: loanApprovals.loanId, operatorId: loanApprovals.operatorId })
      .from(loanApprovals)
      .where(inArray(loanApprovals.loanId, ids))
      .orderBy(asc(loanApprovals.approvedAt));
  },

  /** Records an operator's approval; false if this operator had approved it already. */
  async approve(tx: Tx, loanId: number, operatorId: number, at: Date): Promise<{ added: boolean; approvals: number }> {
    const added = await tx
      .insert(loanApprovals)
      .values({ loanId, operatorId, approvedAt: at })
      .onConflictDoNothing()
      .returning();
    const [row] = await tx.select({ n: count() }).from(loanApprovals).where(eq(loanApprovals.loanId, loanId));
    return { added: added.length > 0, approvals: row?.n ?? 0 };
  },
};

/**
 * The loans' records agree with the ledger and with themselves (checked by `ledger:verify` and after
 * every test file). They join the ledger's table (`ledger.transactions`, handed in by the verifier)
 * on purpose: they check that the two owners' rows agree, which no face call could do in one snapshot.
 */
export const LOAN_INVARIANTS: readonly Invariant[] = [
  {
    rule: 'a loan paid out names its loan_disburse transaction (real); one waiting or rejected names none',
    violations: (limit, ledger) => sql`SELECT l.id, l.state, l.disburse_tx_id FROM loans l
      LEFT JOIN ${ledger.transactions} d ON d.id = l.disburse_tx_id
      WHERE CASE WHEN l.state IN ('pending', 'rejected') THEN l.disburse_tx_id IS NOT NULL
                 ELSE d.id IS NULL OR d.kind <> 'loan_disburse' OR d.mode <> 'real' OR l.start_day IS NULL OR l.accrued_through_day IS NULL END
      LIMIT ${limit}`,
  },
  {
    rule: "a loan's paid amounts and outstanding principal are its payments', each a loan_repay transaction",
    violations: (limit, ledger) => sql`SELECT l.id, l.amount_paid, l.interest_paid, l.principal FROM loans l
      LEFT JOIN loan_payments p ON p.loan_id = l.id
      LEFT JOIN ${ledger.transactions} r ON r.id = p.tx_id
      WHERE l.state NOT IN ('pending', 'rejected')
      GROUP BY l.id, l.amount, l.amount_paid, l.interest_paid, l.principal, l.interest_carried, l.state
      HAVING l.amount_paid <> coalesce(sum(p.amount), 0) OR l.interest_paid <> coalesce(sum(p.interest_paid), 0)
          OR l.principal <> l.amount - coalesce(sum(p.principal_paid), 0)
          OR count(p.id) <> count(r.id) OR bool_or(r.kind <> 'loan_repay')
          OR (l.state = 'settled') <> (l.principal = 0 AND l.interest_carried = 0)
      LIMIT ${limit}`,
  },
];

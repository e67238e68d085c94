import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema';
import { accountKey, type AccountRef } from './accounts';

export type AccountRow = typeof ledgerAccounts.$inferSelect;

export const ledgerRepo = {
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

  /** An advisory lock on a user's demo ledger until the transaction ends (its funding and reset take turns). */
  async lockDemo(tx: Tx, userId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'demo:' + userId}))`);
  },

  /**
   * A transaction, locked until the caller's transaction ends, and its postings with their
   * accounts, for a reversal: two corrections of the same transaction take turns, so the second
   * sees the first's reversal. Undefined when it does not exist.
   */
  async lockTransactionWithPostings(db: DbOrTx, id: number) {
    const [transaction] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).for('update');
    if (!transaction) return undefined;
    const postings = await db
      .select({ amount: ledgerPostings.amount, userId: ledgerAccounts.userId, mode: ledgerAccounts.mode, kind: ledgerAccounts.kind, asset: ledgerAccounts.asset })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.transactionId, id))
      .orderBy(ledgerPostings.id);
    return { transaction, postings };
  },

  /** Whether a transaction reversing `id` exists. */
  async reversalOf(db: DbOrTx, id: number): Promise<number | undefined> {
    const [row] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.reverses, id)).limit(1);
    return row?.id;
  },

  /** A user's postings in one mode, newest first, with the account and the transaction they belong to. */
  async statement(db: DbOrTx, userId: number, mode: string, filter: { kind?: string | undefined; asset?: string | undefined }, limit: number, offset: number) {
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

  // ----- postings: one statement for many rows, whatever their number (jsonb_to_recordset works
  // alike on PGlite and PostgreSQL)

  /** Every account of `refs`, created on first use; keyed by `accountKey`. */
  async ensureAccounts(db: DbOrTx, refs: AccountRef[], now: Date): Promise<Map<string, AccountRow>> {
    const unique = [...new Map(refs.map((r) => [accountKey(r), r])).values()];
    const json = JSON.stringify(unique.map((r) => ({ user_id: r.userId, mode: r.mode, kind: r.kind, asset: r.asset })));
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, mode, kind, asset, balance, created_at)
      SELECT r.user_id, r.mode, r.kind, r.asset, 0, ${now.toISOString()}
      FROM jsonb_to_recordset(${json}::jsonb) AS r(user_id bigint, mode text, kind text, asset text)
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE coalesce(a.user_id, 0) = coalesce(r.user_id, 0)
                        AND a.mode = r.mode AND a.kind = r.kind AND a.asset = r.asset)
      ON CONFLICT DO NOTHING`);
    const found = rowsOf(await db.execute(sql`
      SELECT a.id, a.user_id, a.mode, a.kind, a.asset, a.balance::text AS balance, a.created_at
      FROM ledger_accounts a
      JOIN jsonb_to_recordset(${json}::jsonb) AS r(user_id bigint, mode text, kind text, asset text)
        ON coalesce(a.user_id, 0) = coalesce(r.user_id, 0) AND a.mode = r.mode AND a.kind = r.kind AND a.asset = r.asset`));
    const out = new Map<string, AccountRow>();
    for (const row of found) {
      const a: AccountRow = {
        id: Number(row.id), userId: row.user_id === null ? null : Number(row.user_id), mode: String(row.mode), kind: String(row.kind),
        asset: String(row.asset), balance: BigInt(String(row.balance)), createdAt: new Date(String(row.created_at)),
      };
      out.set(accountKey(a as AccountRef), a);
    }
    return out;
  },

  /** Locks the accounts in id order (the order `postMany` relies on, so two transactions cannot deadlock); their balances. */
  async lockAccounts(db: DbOrTx, ids: number[]): Promise<Map<number, bigint>> {
    const rows = rowsOf(await db.execute(sql`
      SELECT id, balance::text AS balance FROM ledger_accounts
      WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint) ORDER BY id FOR UPDATE`));
    return new Map(rows.map((r) => [Number(r.id), BigInt(String(r.balance))]));
  },

  async addToBalances(db: DbOrTx, deltas: Map<number, bigint>): Promise<void> {
    const json = JSON.stringify([...deltas].filter(([, d]) => d !== 0n).map(([id, d]) => ({ id, delta: d.toString() })));
    await db.execute(sql`
      UPDATE ledger_accounts a SET balance = a.balance + d.delta
      FROM jsonb_to_recordset(${json}::jsonb) AS d(id bigint, delta numeric) WHERE a.id = d.id`);
  },

  /** Inserts transactions in the given order; their ids in that order. */
  async insertTransactions(db: DbOrTx, rows: { mode: string; kind: string; reference: string; memo: string | null; reverses: number | null }[], now: Date): Promise<number[]> {
    const ids = rowsOf(await db.execute(sql`
      INSERT INTO ledger_transactions (mode, kind, reference, memo, reverses, created_at)
      SELECT r.mode, r.kind, r.reference, r.memo, r.reverses, ${now.toISOString()}
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (mode text, kind text, reference text, memo text, reverses bigint))
        WITH ORDINALITY AS r(mode, kind, reference, memo, reverses, ord)
      ORDER BY r.ord
      RETURNING id`)).map((r) => Number(r.id));
    // Identity values are drawn in insertion order: sorted, they line up with `rows`.
    return ids.sort((a, b) => a - b);
  },

  async insertPostings(db: DbOrTx, rows: { transactionId: number; accountId: number; asset: string; amount: bigint; balanceAfter: bigint }[], now: Date): Promise<void> {
    const json = JSON.stringify(rows.map((r) => ({ t: r.transactionId, a: r.accountId, s: r.asset, m: r.amount.toString(), b: r.balanceAfter.toString() })));
    await db.execute(sql`
      INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after, created_at)
      SELECT r.t, r.a, r.s, r.m, r.b, ${now.toISOString()}
      FROM ROWS FROM (jsonb_to_recordset(${json}::jsonb) AS (t bigint, a bigint, s text, m numeric, b numeric)) WITH ORDINALITY AS r(t, a, s, m, b, ord)
      ORDER BY r.ord`);
  },
};

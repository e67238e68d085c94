import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema';
import { accountKey, type AccountRef } from './accounts';

export type AccountRow = typeof ledgerAccounts.$inferSelect;

/** One business event of a statement: a ledger transaction and what it did to each of the user's wallets and assets. */
export interface StatementItem {
  id: number;
  txKind: string;
  reference: string;
  createdAt: Date;
  lines: StatementLine[];
}

export interface StatementLine {
  wallet: string;
  asset: string;
  /** The change of the money the user has in this wallet and asset (available + reserved): what came in or went out. */
  amount: bigint;
  /** The change of the reserved part: positive when money was held, negative when it is no longer held. */
  held: bigint;
  balanceAfter: bigint;
  heldAfter: bigint;
}

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

  /**
   * A user's statement in one mode: one item per ledger transaction (a business event), newest
   * first, paged by transaction; in each, one line per wallet and asset it touched, the wallet's
   * available and reserved (`_frozen`) accounts taken together — so money only held or released
   * inside a wallet is one line, not a plus and a minus. The postings stay as they are.
   */
  async statement(db: DbOrTx, userId: number, mode: string, filter: { wallet?: string | undefined; asset?: string | undefined }, limit: number, offset: number) {
    const match = sql`a.user_id = ${userId} AND a.mode = ${mode}${
      filter.wallet ? sql` AND a.kind IN (${filter.wallet}, ${filter.wallet + '_frozen'})` : sql``}${
      filter.asset ? sql` AND a.asset = ${filter.asset}` : sql``}`;
    const [pageRows, totalRows] = await Promise.all([
      db.execute(sql`
        SELECT p.transaction_id AS id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE ${match} GROUP BY p.transaction_id ORDER BY p.transaction_id DESC LIMIT ${limit} OFFSET ${offset}`),
      db.execute(sql`
        SELECT count(DISTINCT p.transaction_id) AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE ${match}`),
    ]);
    const total = Number(rowsOf(totalRows)[0]?.n ?? 0);
    const ids = rowsOf(pageRows).map((r) => Number(r.id));
    if (ids.length === 0) return { items: [], total };
    // The balance of one of the user's accounts right after a transaction: its last posting up to
    // it (an account's postings come in the order of their transactions: postMany locks it first).
    const after = (kind: SQL) => sql`coalesce((
      SELECT p2.balance_after FROM ledger_accounts a2 JOIN ledger_postings p2 ON p2.account_id = a2.id
      WHERE a2.user_id = ${userId} AND a2.mode = ${mode} AND a2.kind = ${kind} AND a2.asset = l.asset AND p2.transaction_id <= l.id
      ORDER BY p2.id DESC LIMIT 1), 0)::text`;
    const rows = rowsOf(await db.execute(sql`
      WITH l AS (
        SELECT p.transaction_id AS id,
               CASE WHEN right(a.kind, 7) = '_frozen' THEN left(a.kind, -7) ELSE a.kind END AS wallet,
               a.asset,
               coalesce(sum(p.amount) FILTER (WHERE right(a.kind, 7) <> '_frozen'), 0) AS available,
               coalesce(sum(p.amount) FILTER (WHERE right(a.kind, 7) = '_frozen'), 0) AS held
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE ${match} AND p.transaction_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        GROUP BY 1, 2, 3
      )
      SELECT l.id, t.kind AS tx_kind, t.reference, t.created_at, l.wallet, l.asset,
             l.available::text AS available, l.held::text AS held,
             ${after(sql`l.wallet`)} AS balance_after, ${after(sql`l.wallet || '_frozen'`)} AS held_after
      FROM l JOIN ledger_transactions t ON t.id = l.id
      ORDER BY l.id DESC, l.wallet, l.asset`));
    const items: StatementItem[] = [];
    for (const r of rows) {
      const id = Number(r.id);
      let item = items.at(-1);
      if (item?.id !== id) {
        item = { id, txKind: String(r.tx_kind), reference: String(r.reference), createdAt: new Date(String(r.created_at)), lines: [] };
        items.push(item);
      }
      const available = BigInt(String(r.available));
      const held = BigInt(String(r.held));
      item.lines.push({
        wallet: String(r.wallet), asset: String(r.asset), amount: available + held, held,
        balanceAfter: BigInt(String(r.balance_after)), heldAfter: BigInt(String(r.held_after)),
      });
    }
    return { items, total };
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

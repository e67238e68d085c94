import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client';
import { isTransaction, queryPreparedPlain } from '../../db/prepared';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema';
import type { AccountRef } from './accounts';

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

/** The rows of an account (all its shards, for a system account). */
const accountIs = (ref: AccountRef) =>
  and(
    ref.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, ref.userId),
    eq(ledgerAccounts.mode, ref.mode),
    eq(ledgerAccounts.kind, ref.kind),
    eq(ledgerAccounts.asset, ref.asset),
  );

/** A user's account in one mode: what its balance reads need. */
export interface UserBalanceRow {
  kind: string;
  asset: string;
  balance: bigint;
}

/**
 * A user's accounts outside a transaction (`account/list` on every wallet screen), as plain SQL
 * prepared once per connection (`queryPreparedPlain`; on PGlite too): drizzle's prepared query still cost a tracing span
 * and a row mapping per call (docs/performance.md, "API"). The balance comes as its exact decimal
 * text (numeric(78,0)), read as a bigint.
 */
const ACCOUNTS_OF_USER_SQL =
  'SELECT kind, asset, balance::text AS balance FROM ledger_accounts WHERE user_id = $1 AND mode = $2';

export const ledgerRepo = {
  /** The row of a user's account, or of one shard of a system account (shard 0 if `ref` names none). */
  async findAccount(db: DbOrTx, ref: AccountRef): Promise<AccountRow | undefined> {
    const shard = ref.userId === null ? (ref.shard ?? 0) : 0;
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(and(accountIs(ref), eq(ledgerAccounts.shard, shard)))
      .limit(1);
    return rows[0];
  },

  /** The balance of an account: of a system account without a shard, the sum of its shards; zero if it has no row yet. */
  async balanceOf(db: DbOrTx, ref: AccountRef): Promise<bigint> {
    const shard = ref.userId === null && ref.shard !== undefined ? eq(ledgerAccounts.shard, ref.shard) : undefined;
    const [row] = await db
      .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
      .from(ledgerAccounts)
      .where(and(accountIs(ref), shard));
    return BigInt(row!.balance);
  },

  /** A user's accounts in one mode (`account/list` on every wallet screen: prepared outside a transaction). */
  async accountsOfUser(db: DbOrTx, userId: number, mode: string): Promise<UserBalanceRow[]> {
    if (isTransaction(db)) {
      return db
        .select({ kind: ledgerAccounts.kind, asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.mode, mode)));
    }
    const rows = await queryPreparedPlain(db as Db, 'ledger_accounts_of_user', ACCOUNTS_OF_USER_SQL, [userId, mode]);
    return rows.map((r) => ({
      kind: r.kind as string,
      asset: r.asset as string,
      balance: BigInt(r.balance as string),
    }));
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
      .select({
        amount: ledgerPostings.amount,
        userId: ledgerAccounts.userId,
        mode: ledgerAccounts.mode,
        kind: ledgerAccounts.kind,
        asset: ledgerAccounts.asset,
        shard: ledgerAccounts.shard,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.transactionId, id))
      .orderBy(ledgerPostings.id);
    return { transaction, postings };
  },

  /** Whether a transaction reversing `id` exists. */
  async reversalOf(db: DbOrTx, id: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reverses, id))
      .limit(1);
    return row?.id;
  },

  /**
   * When the user's latest transaction of each of these kinds since `since` was, in one mode (kinds
   * not seen are absent), among the latest `depth` postings of each of the user's accounts: bounded
   * work however long the user's history is.
   */
  async latestOfKinds(
    db: DbOrTx,
    userId: number,
    mode: string,
    kinds: readonly string[],
    since: Date,
    depth: number,
  ): Promise<Map<string, Date>> {
    const rows = rowsOf(
      await db.execute(sql`
      SELECT t.kind, max(t.created_at) AS at FROM ledger_transactions t
      WHERE t.id IN (
        SELECT p.transaction_id FROM ledger_accounts a
        CROSS JOIN LATERAL (SELECT transaction_id FROM ledger_postings WHERE account_id = a.id ORDER BY id DESC LIMIT ${depth}) p
        WHERE a.user_id = ${userId} AND a.mode = ${mode})
        AND t.created_at > ${since.toISOString()} AND t.kind IN (SELECT jsonb_array_elements_text(${JSON.stringify(kinds)}::jsonb))
      GROUP BY t.kind`),
    );
    return new Map(rows.map((r) => [String(r.kind), new Date(String(r.at))]));
  },

  /** Whether the user has ever had a transaction of one of these kinds in `mode`; stops at the first. */
  async hasKinds(db: DbOrTx, userId: number, mode: string, kinds: readonly string[]): Promise<boolean> {
    const rows = rowsOf(
      await db.execute(sql`
      SELECT EXISTS (
        SELECT 1 FROM ledger_accounts a
        JOIN ledger_postings p ON p.account_id = a.id
        JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE a.user_id = ${userId} AND a.mode = ${mode}
          AND t.kind IN (SELECT jsonb_array_elements_text(${JSON.stringify(kinds)}::jsonb))
      ) AS found`),
    );
    return rows[0]?.found === true || rows[0]?.found === 't';
  },

  /**
   * A user's statement in one mode: one item per ledger transaction (a business event), newest
   * first, paged by transaction; in each, one line per wallet and asset it touched, the wallet's
   * available and reserved (`_frozen`) accounts taken together — so money only held or released
   * inside a wallet is one line, not a plus and a minus. The postings stay as they are.
   */
  async statement(
    db: DbOrTx,
    userId: number,
    mode: string,
    filter: { wallet?: string | undefined; asset?: string | undefined },
    limit: number,
    offset: number,
  ) {
    const match = sql`a.user_id = ${userId} AND a.mode = ${mode}${
      filter.wallet ? sql` AND a.kind IN (${filter.wallet}, ${filter.wallet + '_frozen'})` : sql``
    }${filter.asset ? sql` AND a.asset = ${filter.asset}` : sql``}`;
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
    const rows = rowsOf(
      await db.execute(sql`
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
      ORDER BY l.id DESC, l.wallet, l.asset`),
    );
    const items: StatementItem[] = [];
    for (const r of rows) {
      const id = Number(r.id);
      let item = items.at(-1);
      if (item?.id !== id) {
        item = {
          id,
          txKind: String(r.tx_kind),
          reference: String(r.reference),
          createdAt: new Date(String(r.created_at)),
          lines: [],
        };
        items.push(item);
      }
      const available = BigInt(String(r.available));
      const held = BigInt(String(r.held));
      item.lines.push({
        wallet: String(r.wallet),
        asset: String(r.asset),
        amount: available + held,
        held,
        balanceAfter: BigInt(String(r.balance_after)),
        heldAfter: BigInt(String(r.held_after)),
      });
    }
    return { items, total };
  },

  // ----- posting: one call of the database function `ledger_post` (migrations/0012_ledger_post.sql)

  /**
   * Posts a checked, netted batch (or one side of it, see `PostSide`) in one round trip; the
   * transaction ids in the order of `batch.t`. A user account that would go below zero raises
   * SQLSTATE `BALANCE_SHORT_SQLSTATE`.
   */
  async post(
    tx: Tx,
    batch: PostBatch,
    now: Date,
    side: PostSide = 'all',
    ids: number[] | null = null,
  ): Promise<number[]> {
    const [row] = rowsOf(
      await tx.execute(sql`
      SELECT ledger_post(${JSON.stringify(batch)}::jsonb, ${now.toISOString()}::timestamptz, ${side}, ${ids === null ? null : `{${ids.join(',')}}`}::bigint[])::text AS ids`),
    );
    // '{1,2,3}': text, so node-postgres and PGlite answer alike.
    return String(row!.ids).slice(1, -1).split(',').map(Number);
  },
};

/** What `ledger_post` raises when a user account would go below zero. */
export const BALANCE_SHORT_SQLSTATE = 'LB001';

/**
 * Which accounts one `ledger_post` call moves: `all` of them (users' first, then the system
 * accounts); or the `users'` accounts and the transactions, and later, after the caller's own
 * writes, the `system` accounts of those transactions.
 */
export type PostSide = 'all' | 'users' | 'system';

/** The transactions and their postings (netted per account, amounts as decimal strings) as `ledger_post` reads them. */
export interface PostBatch {
  t: { m: string; k: string; r: string; o: string | null; v: number | null }[];
  p: { i: number; u: number | null; m: string; k: string; a: string; s: number; n: string }[];
}

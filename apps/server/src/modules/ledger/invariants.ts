import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

export interface Violation {
  rule: string;
  detail: string;
}

/**
 * One invariant over the whole database: a query that returns the rows breaking it, at most
 * `limit`. The ledger's own are below; a module whose records must agree with the ledger
 * registers its own with `LedgerService.registerInvariants` (contracts do), so `ledger:verify`
 * and the check after every test file run them all.
 */
export interface Invariant {
  rule: string;
  /** The rows that break it; another module's check joins the ledger through `ledger`, never by table name. */
  violations(limit: number, ledger: LedgerTables): SQL;
}

/** The ledger's tables, for other modules' invariants: read-only, in the verifier's query only. */
export interface LedgerTables {
  /** id, mode, kind, reference, reverses, created_at */
  transactions: SQL;
}

const LEDGER_TABLES: LedgerTables = { transactions: sql.raw('ledger_transactions') };

/**
 * The ledger's invariants (docs/ledger.md):
 * 1. every transaction's postings sum to zero per asset;
 * 2. every stored balance equals the sum of its postings;
 * 3. no user account is negative;
 * 4. every posting is in its account's asset;
 * 5. every transaction has postings;
 * 6. a reversal has exactly the opposite postings of the transaction it reverses, in its mode.
 */
export const LEDGER_INVARIANTS: readonly Invariant[] = [
  {
    rule: 'postings sum to zero per asset',
    violations: (limit) => sql`SELECT transaction_id, asset, sum(amount)::text AS total FROM ledger_postings
      GROUP BY transaction_id, asset HAVING sum(amount) <> 0 LIMIT ${limit}`,
  },
  {
    rule: 'balance equals the sum of its postings',
    violations: (limit) => sql`SELECT a.id, a.balance::text AS balance, coalesce(p.total, 0)::text AS postings
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.balance <> coalesce(p.total, 0) LIMIT ${limit}`,
  },
  {
    rule: 'no user account is negative',
    violations: (limit) => sql`SELECT id, user_id, kind, asset, balance::text AS balance FROM ledger_accounts
      WHERE user_id IS NOT NULL AND balance < 0 LIMIT ${limit}`,
  },
  {
    rule: "postings are in their account's asset",
    violations: (limit) => sql`SELECT p.id, p.asset, a.asset AS account_asset FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id WHERE p.asset <> a.asset LIMIT ${limit}`,
  },
  {
    rule: 'every transaction has postings',
    violations: (limit) => sql`SELECT t.id FROM ledger_transactions t
      WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id) LIMIT ${limit}`,
  },
  {
    rule: 'a reversal posts exactly the opposite of what it reverses',
    violations: (limit) => sql`SELECT r.id, r.reverses FROM ledger_transactions r
      LEFT JOIN ledger_transactions o ON o.id = r.reverses
      WHERE r.reverses IS NOT NULL AND (o.id IS NULL OR o.mode <> r.mode OR EXISTS (
        SELECT account_id, sum(amount) FROM (
          SELECT account_id, amount FROM ledger_postings WHERE transaction_id = r.id
          UNION ALL SELECT account_id, amount FROM ledger_postings WHERE transaction_id = o.id) both_sides
        GROUP BY account_id HAVING sum(amount) <> 0))
      LIMIT ${limit}`,
  },
];

/** Runs `invariants` over the database; what is wrong, at most `limit` rows per rule. Empty means all hold. */
export async function findViolations(db: DbOrTx, invariants: readonly Invariant[], limit = 20): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const inv of invariants) {
    for (const row of rowsOf(await db.execute(inv.violations(limit, LEDGER_TABLES))))
      violations.push({ rule: inv.rule, detail: JSON.stringify(row) });
  }
  return violations;
}

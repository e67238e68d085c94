import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

export interface Violation {
  rule: string;
  detail: string;
}


/**
 * The ledger's invariants (DESIGN.md §4), checked over the whole database:
 * 1. every transaction's postings sum to zero per asset;
 * 2. every stored balance equals the sum of its postings;
 * 3. no user account is negative;
 * 4. every posting is in its account's asset;
 * 5. every transaction has postings;
 * 6. every contract settlement names a contract and a contract transaction of the contract's own
 *    ledger as the one that settled it (those columns have no foreign keys, for the speed of
 *    settlement: see `contractSettlements` in schema-trading.ts).
 * Returns what is wrong, at most `limit` rows per rule; empty means all hold.
 */
export async function verifyLedger(db: DbOrTx, limit = 20): Promise<Violation[]> {
  const checks: { rule: string; query: ReturnType<typeof sql> }[] = [
    {
      rule: 'postings sum to zero per asset',
      query: sql`SELECT transaction_id, asset, sum(amount)::text AS total FROM ledger_postings
                 GROUP BY transaction_id, asset HAVING sum(amount) <> 0 LIMIT ${limit}`,
    },
    {
      rule: 'balance equals the sum of its postings',
      query: sql`SELECT a.id, a.balance::text AS balance, coalesce(p.total, 0)::text AS postings
                 FROM ledger_accounts a
                 LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
                 WHERE a.balance <> coalesce(p.total, 0) LIMIT ${limit}`,
    },
    {
      rule: 'no user account is negative',
      query: sql`SELECT id, user_id, kind, asset, balance::text AS balance FROM ledger_accounts
                 WHERE user_id IS NOT NULL AND balance < 0 LIMIT ${limit}`,
    },
    {
      rule: 'postings are in their account\'s asset',
      query: sql`SELECT p.id, p.asset, a.asset AS account_asset FROM ledger_postings p
                 JOIN ledger_accounts a ON a.id = p.account_id WHERE p.asset <> a.asset LIMIT ${limit}`,
    },
    {
      rule: 'every transaction has postings',
      query: sql`SELECT t.id FROM ledger_transactions t
                 WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id) LIMIT ${limit}`,
    },
    {
      rule: 'every contract settlement names a contract and a settling transaction of its ledger',
      query: sql`SELECT s.contract_id, s.settle_transaction_id FROM contract_settlements s
                 LEFT JOIN contracts c ON c.id = s.contract_id
                 LEFT JOIN ledger_transactions t ON t.id = s.settle_transaction_id
                 WHERE c.id IS NULL OR t.id IS NULL OR t.mode <> c.mode OR t.kind NOT LIKE 'contract%' LIMIT ${limit}`,
    },
  ];
  const violations: Violation[] = [];
  for (const c of checks) {
    for (const row of rowsOf(await db.execute(c.query))) violations.push({ rule: c.rule, detail: JSON.stringify(row) });
  }
  return violations;
}

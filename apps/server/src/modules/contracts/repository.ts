import { and, asc, eq, exists, gte, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Market } from '@app/contract';
import { rowsOf, type Db, type DbOrTx, type RawRow, type Tx } from '../../db/client';
import { insertFrom } from '../../db/insert-from';
import { preparedOn } from '../../db/prepared';
import { newestFirst } from '../../db/paging';
import { currentEngineEpoch } from '../../db/engine-scope';
import { contractProducts, contractSettlements, contracts, contractsOpen } from '../../db/schema-trading';
import { moneyRecords, type Invariant } from '../ledger';

export type ContractRow = typeof contracts.$inferSelect;
export type SettlementRow = typeof contractSettlements.$inferSelect;
export type ProductRow = typeof contractProducts.$inferSelect;
/** A contract's row as its opening writes it (the database adds its id and the stake's transaction). */
export type OpeningValues = Required<Omit<typeof contracts.$inferInsert, 'id' | 'openTransactionId'>>;

/**
 * A contract's rows, written with the transaction that takes its stake (`MoneyCommands.single`):
 * the contract, with that transaction, and its entry among the open contracts.
 */
export const openingRecords = moneyRecords<OpeningValues>(
  'contract_open',
  (posted) => sql`
  opened AS (${insertFrom(
    contracts,
    [
      'publicId',
      'userId',
      'mode',
      'market',
      'symbol',
      'direction',
      'durationSeconds',
      'payoutBps',
      'asset',
      'stake',
      'openTime',
      'expiresAt',
      'openTickTime',
      'openPrice',
      'openSource',
    ],
    posted,
    { openTransactionId: sql`${posted}.transaction_id` },
    sql`id, user_id, symbol, expires_at`,
  )}),
  listed AS (INSERT INTO ${contractsOpen} (contract_id, user_id, symbol, expires_at) SELECT id, user_id, symbol, expires_at FROM opened)`,
);

/** What settlement reads of an open contract. */
export interface OpenContract {
  id: number;
  publicId: string;
  userId: number;
  mode: string;
  symbol: string;
  direction: string;
  stake: bigint;
  payoutBps: number;
  openPrice: number;
  expiresAt: number;
}

/** One settlement per contract, as column arrays (far less to encode than a record per contract). */
export interface SettlementColumns {
  contractIds: number[];
  results: string[];
  /** Decimal minor units. */
  payouts: string[];
  transactionIds: number[];
  /** 1-based index into the close-tick arrays, per contract. */
  closeIndexes: number[];
  closeTimes: number[];
  closePrices: number[];
  closeSources: string[];
}

/** A PostgreSQL array literal of numbers or plain words (nothing that needs quoting). */
const pgArray = (values: (string | number | bigint)[]) => `{${values.join(',')}}`;

function openContract(r: RawRow): OpenContract {
  return {
    id: Number(r.id),
    publicId: String(r.public_id),
    userId: Number(r.user_id),
    mode: String(r.mode),
    symbol: String(r.symbol),
    direction: String(r.direction),
    stake: BigInt(String(r.stake)),
    payoutBps: Number(r.payout_bps),
    openPrice: Number(r.open_price),
    expiresAt: Number(r.expires_ms),
  };
}

/** What settling needs of the contracts whose ids `ids` (a query or an array) names. */
async function readOpen(db: DbOrTx, ids: SQL): Promise<OpenContract[]> {
  return rowsOf(
    await db.execute(sql`
    SELECT c.id, c.public_id, c.user_id, c.mode, c.symbol, c.direction, c.stake::text AS stake, c.payout_bps, c.open_price,
      (extract(epoch FROM c.expires_at) * 1000)::bigint AS expires_ms
    FROM contracts c WHERE c.id = ANY(ARRAY(${ids}))`),
  ).map(openContract);
}

/** The enabled product of a market and duration: read by every contract opened (prepared). */
const productOf = preparedOn((db) =>
  db
    .select()
    .from(contractProducts)
    .where(
      and(
        eq(contractProducts.market, sql.placeholder('market')),
        eq(contractProducts.durationSeconds, sql.placeholder('duration')),
        eq(contractProducts.enabled, true),
      ),
    )
    .prepare('contract_product'),
);

/** Deletes the queue rows `where` names; their contract ids in ascending order, comma-separated: one value to parse, not a row per contract. */
async function claim(tx: Tx, where: SQL): Promise<string> {
  const [row] = rowsOf(
    await tx.execute(sql`
    WITH claimed AS (DELETE FROM contracts_open WHERE ${where} RETURNING contract_id)
    SELECT string_agg(contract_id::text, ',' ORDER BY contract_id) AS ids FROM claimed`),
  );
  return row?.ids ? String(row.ids) : '';
}

/** Contracts' SQL: products, contracts, the open queue and settlements. */
export const contractsRepo = {
  /** USDT minor units staked on the user's contracts opened in `mode` from `since` on (the VIP tiers' volume, docs/vip.md). */
  async volumeSince(db: DbOrTx, userId: number, mode: string, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ v: sql<string>`coalesce(sum(${contracts.stake}), 0)` })
      .from(contracts)
      .where(and(eq(contracts.userId, userId), eq(contracts.mode, mode), gte(contracts.openTime, since)));
    return BigInt(row?.v ?? '0');
  },

  // ----- products

  products(db: DbOrTx, market?: Market): Promise<ProductRow[]> {
    return db
      .select()
      .from(contractProducts)
      .where(and(eq(contractProducts.enabled, true), market ? eq(contractProducts.market, market) : undefined))
      .orderBy(asc(contractProducts.market), asc(contractProducts.durationSeconds));
  },

  async product(db: Db, market: Market, duration: number): Promise<ProductRow | undefined> {
    return (await productOf(db).execute({ market, duration }))[0];
  },

  /** Operators (`npm run ops -- product`): adds or changes a product; existing contracts keep their terms. */
  async upsertProduct(db: DbOrTx, row: ProductRow): Promise<void> {
    await db
      .insert(contractProducts)
      .values(row)
      .onConflictDoUpdate({
        target: [contractProducts.market, contractProducts.durationSeconds],
        set: { payoutBps: row.payoutBps, minStake: row.minStake, maxStake: row.maxStake, enabled: row.enabled },
      });
  },

  // ----- contracts

  /** A new open contract, with the ledger transaction that took its stake, and its row in the open queue. */

  /** A user's contracts in one mode and markets, newest first; `status` filters by whether a settlement exists. */
  page(
    db: DbOrTx,
    q: {
      userId: number;
      mode: string;
      markets: readonly Market[];
      status?: 'open' | 'settled' | undefined;
      symbol?: string | undefined;
    },
    page: number,
    size: number,
  ) {
    const settled = exists(
      db.select({ one: sql`1` }).from(contractSettlements).where(eq(contractSettlements.contractId, contracts.id)),
    );
    const where = and(
      eq(contracts.userId, q.userId),
      eq(contracts.mode, q.mode),
      inArray(contracts.market, [...q.markets]),
      q.status === 'open' ? not(settled) : q.status === 'settled' ? settled : undefined,
      q.symbol ? eq(contracts.symbol, q.symbol) : undefined,
    );
    return newestFirst(db, contracts, where, page, size);
  },

  /** A contract of this user and mode by its public id (someone else's is not found). */
  async ofUser(db: DbOrTx, publicId: string, userId: number, mode: string): Promise<ContractRow | undefined> {
    const [row] = await db
      .select()
      .from(contracts)
      .where(and(eq(contracts.publicId, publicId), eq(contracts.userId, userId), eq(contracts.mode, mode)));
    return row;
  },

  async settlementsOf(db: DbOrTx, ids: number[]): Promise<Map<number, SettlementRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select().from(contractSettlements).where(inArray(contractSettlements.contractId, ids));
    return new Map(rows.map((r) => [r.contractId, r]));
  },

  // ----- settlement

  /** Open contracts expiring in (after, until], in expiry order, at most `limit`. */
  openExpiring(db: DbOrTx, after: Date, until: Date, limit: number): Promise<OpenContract[]> {
    return readOpen(
      db,
      sql`
      SELECT contract_id FROM contracts_open
      WHERE expires_at > ${after.toISOString()} AND expires_at <= ${until.toISOString()}
      ORDER BY expires_at LIMIT ${limit}`,
    );
  },

  /** What is due at `cutoff`: how many open contracts per user, symbol and expiry. */
  async due(db: DbOrTx, cutoff: Date): Promise<{ userId: number; symbol: string; expiresAt: number; count: number }[]> {
    return rowsOf(
      await db.execute(sql`
      SELECT user_id, symbol, expires_at, count(*)::int AS n FROM contracts_open
      WHERE expires_at <= ${cutoff.toISOString()} GROUP BY 1, 2, 3`),
    ).map((d) => ({
      userId: Number(d.user_id),
      symbol: String(d.symbol),
      expiresAt: new Date(d.expires_at as string).getTime(),
      count: Number(d.n),
    }));
  },

  /**
   * Claims the contracts of `users` expiring at `at` exactly (what was read ahead for that instant
   * and planned by user) by deleting their queue rows (a worker racing for the same rows waits,
   * then finds them gone); their ids in ascending order, comma-separated (`SettlementBatch.claimKey`).
   */
  async claimAt(tx: Tx, users: number[], at: Date): Promise<string> {
    return claim(tx, sql`user_id = ANY(${pgArray(users)}::bigint[]) AND expires_at = ${at.toISOString()}`);
  },

  /** Claims the contracts of `users` due at `cutoff` (as `claimAt`); their ids. */
  async claimDue(tx: Tx, users: number[], cutoff: Date): Promise<number[]> {
    const ids = await claim(
      tx,
      sql`user_id = ANY(${pgArray(users)}::bigint[]) AND expires_at <= ${cutoff.toISOString()}`,
    );
    return ids ? ids.split(',').map(Number) : [];
  },

  readOpen(db: DbOrTx, ids: number[]): Promise<OpenContract[]> {
    return readOpen(db, sql`SELECT unnest(${pgArray(ids)}::bigint[])`);
  },

  /** Puts a claimed contract back in the queue (it could not be settled now). */
  async requeue(tx: Tx, c: Pick<OpenContract, 'id' | 'userId' | 'symbol' | 'expiresAt'>): Promise<void> {
    await tx
      .insert(contractsOpen)
      .values({ contractId: c.id, userId: c.userId, symbol: c.symbol, expiresAt: new Date(c.expiresAt) });
  },

  /** An insert per contract: its primary key refuses a second settlement of the same contract. */
  async insertSettlements(tx: Tx, s: SettlementColumns, settledAt: Date): Promise<void> {
    // The engine role's epoch the settlement was made under (fenced in this transaction); null without an election.
    const engineEpoch = currentEngineEpoch();
    await tx.execute(sql`
      INSERT INTO contract_settlements (contract_id, result, payout, close_tick_time, close_price, close_source, settled_at, settle_transaction_id, engine_epoch)
      SELECT d.id, d.r, d.p,
        'epoch'::timestamptz + (${pgArray(s.closeTimes)}::bigint[])[d.k] * interval '1 millisecond',
        (${pgArray(s.closePrices)}::bigint[])[d.k],
        (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(s.closeSources)}::jsonb)))[d.k],
        ${settledAt.toISOString()}, d.t, ${engineEpoch}::bigint
      FROM unnest(
        ${pgArray(s.contractIds)}::bigint[], ${pgArray(s.results)}::text[],
        ${pgArray(s.payouts)}::numeric[], ${pgArray(s.transactionIds)}::bigint[],
        ${pgArray(s.closeIndexes)}::int[]) AS d(id, r, p, t, k)`);
  },
};

/**
 * Contracts' invariant, registered with the ledger's verifier: every settlement names a contract
 * and a contract transaction of the contract's own ledger as the one that settled it (those
 * columns have no foreign keys, for the speed of settlement: see `contractSettlements` in
 * schema-trading.ts). It joins the ledger's table (`ledger.transactions`, handed in by the verifier)
 * on purpose: it checks that the two owners' rows agree, which no face call could do in one snapshot.
 */
export const CONTRACT_INVARIANTS: readonly Invariant[] = [
  {
    rule: 'every contract settlement names a contract and a settling transaction of its ledger',
    violations: (limit, ledger) => sql`SELECT s.contract_id, s.settle_transaction_id FROM contract_settlements s
    LEFT JOIN contracts c ON c.id = s.contract_id
    LEFT JOIN ${ledger.transactions} t ON t.id = s.settle_transaction_id
    WHERE c.id IS NULL OR t.id IS NULL OR t.mode <> c.mode OR t.kind NOT LIKE 'contract%' LIMIT ${limit}`,
  },
];

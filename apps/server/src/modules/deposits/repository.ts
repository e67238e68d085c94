import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { assetOf, formatAmount } from '@app/contract';
import type { DbOrTx } from '../../db/client';
import { newestFirst } from '../../db/paging';
import { deposits } from '../../db/schema';
import { depositAddressCounters, depositAddresses, depositNotices, savedAddresses } from '../../db/schema-deposits';
import { notifyUsers } from '../notifications';
import { userRepo } from '../users';
import type { DerivedAddress } from './keys';

export type DepositAddressRow = typeof depositAddresses.$inferSelect;
export type SavedAddressRow = typeof savedAddresses.$inferSelect;
export type DepositNoticeRow = typeof depositNotices.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

/** The deposits module's SQL: deposit addresses and their counters, the address book, notices, and reading deposit records. */
export const depositRepo = {
  async address(db: DbOrTx, userId: number, family: string): Promise<DepositAddressRow | undefined> {
    const [row] = await db
      .select()
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.family, family)))
      .limit(1);
    return row;
  },

  /**
   * The user's address of the family, allocating the next child index if they have none: the
   * family's counter row is locked first, so allocations are one at a time, and the user's row is
   * looked for again under that lock (a concurrent first request that won is seen, and no index is
   * spent twice or skipped).
   */
  async allocate(
    db: DbOrTx,
    userId: number,
    family: string,
    derive: (index: number) => DerivedAddress,
    now: Date,
  ): Promise<DepositAddressRow> {
    return db.transaction(async (tx) => {
      await tx.insert(depositAddressCounters).values({ family, nextIndex: 0 }).onConflictDoNothing();
      const [counter] = await tx
        .select()
        .from(depositAddressCounters)
        .where(eq(depositAddressCounters.family, family))
        .for('update');
      const existing = await this.address(tx, userId, family);
      if (existing) return existing;
      const index = counter!.nextIndex;
      const derived = derive(index);
      const [row] = await tx
        .insert(depositAddresses)
        .values({
          userId,
          family,
          derivationIndex: index,
          address: derived.address,
          lookup: derived.lookup,
          keyId: derived.keyId,
          createdAt: now,
        })
        .returning();
      await tx
        .update(depositAddressCounters)
        .set({ nextIndex: index + 1 })
        .where(eq(depositAddressCounters.family, family));
      return row!;
    });
  },

  /** Which of these lookups (one family) are deposit addresses: one query over the unique index. */
  async owners(
    db: DbOrTx,
    family: string,
    lookups: readonly string[],
  ): Promise<Pick<DepositAddressRow, 'userId' | 'address' | 'lookup'>[]> {
    if (!lookups.length) return [];
    return db
      .select({ userId: depositAddresses.userId, address: depositAddresses.address, lookup: depositAddresses.lookup })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.family, family), inArray(depositAddresses.lookup, [...lookups])));
  },

  // ----- the address book -----

  async savedOf(db: DbOrTx, userId: number, symbol: string): Promise<SavedAddressRow[]> {
    return db
      .select()
      .from(savedAddresses)
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.symbol, symbol)))
      .orderBy(desc(savedAddresses.id));
  },

  async saved(db: DbOrTx, userId: number, publicId: string): Promise<SavedAddressRow | undefined> {
    const [row] = await db
      .select()
      .from(savedAddresses)
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.publicId, publicId)))
      .limit(1);
    return row;
  },

  /** Labels of the user's saved addresses with these lookups (any coin), for deposit records. */
  async labels(
    db: DbOrTx,
    userId: number,
    lookups: readonly string[],
  ): Promise<Pick<SavedAddressRow, 'chain' | 'lookup' | 'label'>[]> {
    if (!lookups.length) return [];
    return db
      .select({ chain: savedAddresses.chain, lookup: savedAddresses.lookup, label: savedAddresses.label })
      .from(savedAddresses)
      .where(and(eq(savedAddresses.userId, userId), inArray(savedAddresses.lookup, [...lookups])));
  },

  /** Inserts a saved address if the user has fewer than `max` (their user row locked, so two at once cannot pass the count). */
  async insertSaved(
    db: DbOrTx,
    row: typeof savedAddresses.$inferInsert,
    max: number,
  ): Promise<SavedAddressRow | 'full'> {
    return db.transaction(async (tx) => {
      await userRepo.lock(tx, row.userId);
      const [n] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, row.userId));
      if ((n?.n ?? 0) >= max) return 'full';
      const [created] = await tx.insert(savedAddresses).values(row).returning();
      return created!;
    });
  },

  async updateSaved(
    db: DbOrTx,
    id: number,
    set: Partial<Pick<SavedAddressRow, 'address' | 'lookup' | 'label' | 'updatedAt'>>,
  ): Promise<SavedAddressRow> {
    const [row] = await db.update(savedAddresses).set(set).where(eq(savedAddresses.id, id)).returning();
    return row!;
  },

  async deleteSaved(db: DbOrTx, userId: number, publicId: string): Promise<boolean> {
    const gone = await db
      .delete(savedAddresses)
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.publicId, publicId)))
      .returning({ id: savedAddresses.id });
    return gone.length > 0;
  },

  // ----- deposit notices -----

  async noticeOf(db: DbOrTx, userId: number, chain: string, txHash: string): Promise<DepositNoticeRow | undefined> {
    const [found] = await db
      .select()
      .from(depositNotices)
      .where(and(eq(depositNotices.userId, userId), eq(depositNotices.chain, chain), eq(depositNotices.txHash, txHash)))
      .limit(1);
    return found;
  },

  /**
   * The user's notice of this transaction: the one they already gave, or a new one unless they
   * gave `max` since `since` ('limit'); their user row is locked, so concurrent notices count right.
   */
  async notice(
    db: DbOrTx,
    row: typeof depositNotices.$inferInsert,
    since: Date,
    max: number,
  ): Promise<DepositNoticeRow | 'limit'> {
    return db.transaction(async (tx) => {
      await userRepo.lock(tx, row.userId);
      const existing = await this.noticeOf(tx, row.userId, row.chain, row.txHash);
      if (existing) return existing;
      const [n] = await tx
        .select({ n: count() })
        .from(depositNotices)
        .where(and(eq(depositNotices.userId, row.userId), gt(depositNotices.createdAt, since)));
      if ((n?.n ?? 0) >= max) return 'limit';
      const [created] = await tx.insert(depositNotices).values(row).returning();
      return created!;
    });
  },

  // ----- deposit records (written by the back-stage credit and the chain watchers) -----

  /** A back-stage deposit's record, in progress until its ledger transaction is posted; its id. */
  async insertBackStage(db: DbOrTx, row: typeof deposits.$inferInsert): Promise<number> {
    const [created] = await db.insert(deposits).values(row).returning({ id: deposits.id });
    return created!.id;
  },

  /** The back-stage deposit done, with the ledger transaction that credited it. */
  async completeBackStage(db: DbOrTx, id: number, transactionId: number, at: Date): Promise<void> {
    await db.update(deposits).set({ status: 'success', transactionId, completedAt: at }).where(eq(deposits.id, id));
  },

  async records(db: DbOrTx, userId: number, mode: string, symbol: string | undefined, page: number, size: number) {
    const where = and(
      eq(deposits.userId, userId),
      eq(deposits.mode, mode),
      symbol ? eq(deposits.asset, symbol) : sql`true`,
    );
    return newestFirst(db, deposits, where, page, size);
  },
};

/** A transfer to a deposit address, as a scanned block holds it. */
export interface SeenDeposit {
  userId: number;
  asset: string;
  amount: bigint;
  belowMinimum: boolean;
  /** Null where the chain names no single sender (Bitcoin). */
  from: string | null;
  to: string;
  txHash: string;
  key: string;
  blockNumber: number;
  blockHash: string;
  confirmations: number;
}

/** A deposit notice's params (packages/contract/src/notices.ts): the amount as the app shows it, with its coin and chain. */
function depositParams(chain: string, r: { asset: string; amount: bigint; txHash: string | null }) {
  return { amount: formatAmount(r.amount, assetOf(r.asset)?.scale ?? 0), currency: r.asset, chain, txHash: r.txHash };
}

const onChain = (chain: string) => and(eq(deposits.chain, chain), isNotNull(deposits.chainKey));

/** On-chain deposits from the watchers' side: recorded as blocks are scanned, credited once confirmed. */
export const chainDepositRepo = {
  /**
   * Records the deposits of scanned blocks. A transfer seen before (same chain and key) keeps its
   * row: it moves to the block that holds it now, and one a re-org had dropped is back in progress.
   */
  async record(tx: DbOrTx, chain: string, seen: readonly SeenDeposit[], now: Date): Promise<void> {
    for (let i = 0; i < seen.length; i += 500) {
      const rows = await tx
        .insert(deposits)
        .values(
          seen.slice(i, i + 500).map((d) => ({
            userId: d.userId,
            mode: 'real',
            asset: d.asset,
            amount: d.amount,
            channel: 'terminal',
            status: d.belowMinimum ? 'fail' : 'in_progress',
            failReason: d.belowMinimum ? 'below_minimum' : null,
            chain,
            fromAddress: d.from,
            toAddress: d.to,
            txHash: d.txHash,
            chainKey: d.key,
            blockNumber: d.blockNumber,
            blockHash: d.blockHash,
            confirmationsRequired: d.confirmations,
            createdAt: now,
            completedAt: d.belowMinimum ? now : null,
          })),
        )
        .onConflictDoUpdate({
          target: [deposits.chain, deposits.chainKey],
          targetWhere: sql`${deposits.chainKey} IS NOT NULL`,
          set: {
            blockNumber: sql`excluded.block_number`,
            blockHash: sql`excluded.block_hash`,
            status: sql`CASE WHEN ${deposits.failReason} = 'dropped' THEN excluded.status ELSE ${deposits.status} END`,
            completedAt: sql`CASE WHEN ${deposits.failReason} = 'dropped' THEN excluded.completed_at ELSE ${deposits.completedAt} END`,
            failReason: sql`CASE WHEN ${deposits.failReason} = 'dropped' THEN excluded.fail_reason ELSE ${deposits.failReason} END`,
            // A credited deposit whose block a re-org removed is on the chain again: no longer an incident.
            flaggedAt: sql`CASE WHEN ${deposits.status} = 'success' THEN NULL ELSE ${deposits.flaggedAt} END`,
          },
        })
        .returning({
          publicId: deposits.publicId,
          userId: deposits.userId,
          asset: deposits.asset,
          amount: deposits.amount,
          status: deposits.status,
          txHash: deposits.txHash,
          confirmations: deposits.confirmationsRequired,
          inserted: sql<boolean>`(xmax = 0)`,
        });
      // A deposit seen for the first time tells its user (a re-sighting after a re-org does not).
      const fresh = rows.filter((r) => r.inserted);
      if (fresh.length) {
        await notifyUsers(
          tx,
          fresh.map((r) => ({
            userId: r.userId,
            kind: r.status === 'fail' ? 'deposit.below_minimum' : 'deposit.seen',
            createdAt: now,
            params: {
              id: r.publicId,
              ...depositParams(chain, r),
              ...(r.status === 'fail' ? {} : { confirmations: r.confirmations }),
            },
          })),
        );
      }
    }
  },

  /** Tells each user their deposit is credited (in the crediting transaction). */
  async notifyCredited(
    tx: DbOrTx,
    chain: string,
    rows: readonly { publicId: string; userId: number; asset: string; amount: bigint; txHash: string | null }[],
    now: Date,
  ): Promise<void> {
    await notifyUsers(
      tx,
      rows.map((r) => ({
        userId: r.userId,
        kind: 'deposit.credited',
        createdAt: now,
        params: { id: r.publicId, ...depositParams(chain, r) },
      })),
    );
  },

  /** How many credited deposits are flagged (a re-org removed their block) and since when the oldest. */
  async incidents(db: DbOrTx): Promise<{ pending: number; oldestAt: Date | null }> {
    const [row] = await db
      .select({ pending: count(), oldestAt: sql<Date | null>`min(${deposits.flaggedAt})`.mapWith(deposits.flaggedAt) })
      .from(deposits)
      .where(isNotNull(deposits.flaggedAt));
    return { pending: row?.pending ?? 0, oldestAt: row?.oldestAt ?? null };
  },

  /** Fails the uncredited deposits of orphaned blocks (`dropped`); their ids. */
  async dropIn(tx: DbOrTx, chain: string, blockHashes: string[], now: Date): Promise<number[]> {
    const rows = await tx
      .update(deposits)
      .set({ status: 'fail', failReason: 'dropped', completedAt: now })
      .where(and(onChain(chain), eq(deposits.status, 'in_progress'), inArray(deposits.blockHash, blockHashes)))
      .returning({ id: deposits.id });
    return rows.map((r) => r.id);
  },

  /** Flags the credited deposits of orphaned blocks: an incident for an operator; their ids. */
  async flagIn(tx: DbOrTx, chain: string, blockHashes: string[], now: Date): Promise<number[]> {
    const rows = await tx
      .update(deposits)
      .set({ flaggedAt: now })
      .where(
        and(
          onChain(chain),
          eq(deposits.status, 'success'),
          isNull(deposits.flaggedAt),
          inArray(deposits.blockHash, blockHashes),
        ),
      )
      .returning({ id: deposits.id });
    return rows.map((r) => r.id);
  },

  /**
   * Marks credited (success) at most `limit` deposits in progress whose block has its
   * confirmations at scanned height `height` (the block itself is the first), oldest first; rows
   * another crediting holds are skipped. Their ids, users, coins and amounts, for the postings.
   */
  async confirm(tx: DbOrTx, chain: string, height: number, limit: number, now: Date) {
    const due = tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          onChain(chain),
          eq(deposits.status, 'in_progress'),
          sql`${deposits.blockNumber} + ${deposits.confirmationsRequired} - 1 <= ${height}`,
        ),
      )
      .orderBy(deposits.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(deposits)
      .set({ status: 'success', completedAt: now })
      .where(and(inArray(deposits.id, due), eq(deposits.status, 'in_progress')))
      .returning({
        id: deposits.id,
        publicId: deposits.publicId,
        userId: deposits.userId,
        asset: deposits.asset,
        amount: deposits.amount,
        txHash: deposits.txHash,
      });
  },

  /** Each credited deposit's ledger transaction. */
  async setTransactions(tx: DbOrTx, pairs: readonly [number, number][]): Promise<void> {
    await tx.execute(sql`UPDATE deposits SET transaction_id = v.t
      FROM (SELECT unnest(${`{${pairs.map((p) => p[0]).join(',')}}`}::bigint[]) AS id, unnest(${`{${pairs.map((p) => p[1]).join(',')}}`}::bigint[]) AS t) v
      WHERE deposits.id = v.id`);
  },
};

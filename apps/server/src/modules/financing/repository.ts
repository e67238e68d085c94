import { and, asc, count, eq, gt, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { newestFirst, newestFirstCapped } from '../../db/paging';
import type { Invariant } from '../ledger';
import { userRepo } from '../users';
import { financingProducts, financingSubscriptions, financingTerms, financingTokens } from '../../db/schema-financing';

export type ProductRow = typeof financingProducts.$inferSelect;
export type TermRow = typeof financingTerms.$inferSelect;
export type TokenRow = typeof financingTokens.$inferSelect;
export type SubscriptionRow = typeof financingSubscriptions.$inferSelect;
export type ProductWithTerms = ProductRow & { terms: TermRow[] };

/** Financing's SQL (docs/financing.md). Only this file reads or writes the `financing_*` tables. */
export const financingRepo = {
  // ----- products -------------------------------------------------------------------------------

  /** Products (enabled ones only, when asked; of one coin when given) with their terms, shortest first. */
  async products(
    db: DbOrTx,
    filter: { enabledOnly?: boolean; currency?: string | undefined; saleEndAfter?: Date } = {},
  ): Promise<ProductWithTerms[]> {
    const rows = await db
      .select()
      .from(financingProducts)
      .where(
        and(
          filter.enabledOnly ? eq(financingProducts.enabled, true) : undefined,
          filter.currency ? eq(financingProducts.currency, filter.currency) : undefined,
          filter.saleEndAfter ? gt(financingProducts.saleEnd, filter.saleEndAfter) : undefined,
        ),
      )
      .orderBy(asc(financingProducts.id));
    return this.withTerms(db, rows);
  },

  async product(db: DbOrTx, where: { publicId: string } | { id: number }): Promise<ProductWithTerms | undefined> {
    const [row] = await db
      .select()
      .from(financingProducts)
      .where('id' in where ? eq(financingProducts.id, where.id) : eq(financingProducts.publicId, where.publicId));
    return row ? (await this.withTerms(db, [row]))[0] : undefined;
  },

  async withTerms(db: DbOrTx, rows: ProductRow[]): Promise<ProductWithTerms[]> {
    if (!rows.length) return [];
    const terms = await db
      .select()
      .from(financingTerms)
      .where(
        inArray(
          financingTerms.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(financingTerms.days));
    return rows.map((r) => ({ ...r, terms: terms.filter((t) => t.productId === r.id) }));
  },

  /** Products' public ids by their ids. */
  async publicIds(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: financingProducts.id, publicId: financingProducts.publicId })
      .from(financingProducts)
      .where(inArray(financingProducts.id, ids));
    return new Map(rows.map((r) => [r.id, r.publicId]));
  },

  /** The product's row under its lock (an operator's change waits for buys in flight, and they for it). */
  async lockProduct(tx: Tx, publicId: string): Promise<ProductRow | undefined> {
    const [row] = await tx
      .select()
      .from(financingProducts)
      .where(eq(financingProducts.publicId, publicId))
      .for('update');
    return row;
  },

  async insertProduct(
    tx: Tx,
    row: typeof financingProducts.$inferInsert,
    terms: { days: number; annualRate: bigint }[],
  ): Promise<ProductRow> {
    const [created] = await tx.insert(financingProducts).values(row).returning();
    await tx.insert(financingTerms).values(terms.map((t) => ({ productId: created!.id, ...t })));
    return created!;
  },

  /** Changes a product and rewrites its terms; subscriptions, which copied theirs, are not touched. */
  async updateProduct(
    tx: Tx,
    id: number,
    patch: Partial<typeof financingProducts.$inferInsert>,
    terms: { days: number; annualRate: bigint }[],
  ): Promise<ProductRow> {
    const [updated] = await tx.update(financingProducts).set(patch).where(eq(financingProducts.id, id)).returning();
    await tx.delete(financingTerms).where(eq(financingTerms.productId, id));
    await tx.insert(financingTerms).values(terms.map((t) => ({ productId: id, ...t })));
    return updated!;
  },

  /**
   * Writes the starting products when there are none, once: the table lock makes a second process
   * (or a concurrent first request) wait and then see the rows.
   */
  async seedIfEmpty(
    db: DbOrTx,
    rows: { product: typeof financingProducts.$inferInsert; terms: { days: number; annualRate: bigint }[] }[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE financing_products IN SHARE ROW EXCLUSIVE MODE`);
      const [n] = await tx.select({ n: count() }).from(financingProducts);
      if ((n?.n ?? 0) > 0) return;
      for (const r of rows) await this.insertProduct(tx, r.product, r.terms);
    });
  },

  /** Takes `amount` of the product's quota, if that much is left: the conditional update is the check. Real subscriptions only. */
  async takeQuota(tx: Tx, productId: number, amount: bigint): Promise<boolean> {
    const rows = await tx
      .update(financingProducts)
      .set({ sold: sql`${financingProducts.sold} + ${amount}` })
      .where(
        and(
          eq(financingProducts.id, productId),
          sql`${financingProducts.sold} + ${amount} <= ${financingProducts.quota}`,
        ),
      )
      .returning({ id: financingProducts.id });
    return rows.length === 1;
  },

  /** Per product: its real subscriptions during their term, how many and their principal (demo ones are not sales). */
  async activeByProduct(db: DbOrTx): Promise<Map<number, { count: number; amount: bigint }>> {
    const rows = await db
      .select({ productId: financingSubscriptions.productId, n: count(), amount: sum(financingSubscriptions.amount) })
      .from(financingSubscriptions)
      .where(and(eq(financingSubscriptions.state, 'during'), eq(financingSubscriptions.mode, 'real')))
      .groupBy(financingSubscriptions.productId);
    return new Map(rows.map((r) => [r.productId, { count: r.n, amount: BigInt(r.amount ?? 0) }]));
  },

  // ----- estimate tokens ------------------------------------------------------------------------

  async insertToken(db: DbOrTx, row: typeof financingTokens.$inferInsert): Promise<void> {
    await db.insert(financingTokens).values(row);
  },

  async token(db: DbOrTx, tokenHash: string): Promise<TokenRow | undefined> {
    const [row] = await db.select().from(financingTokens).where(eq(financingTokens.tokenHash, tokenHash));
    return row;
  },

  /**
   * Spends a token: of this user and mode, unused and unexpired, marked used in the same statement.
   * Concurrent spends of one token queue on its row; the first wins, the others find it used.
   */
  async useToken(tx: Tx, tokenHash: string, userId: number, mode: string, now: Date): Promise<TokenRow | undefined> {
    const [row] = await tx
      .update(financingTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(financingTokens.tokenHash, tokenHash),
          eq(financingTokens.userId, userId),
          eq(financingTokens.mode, mode),
          isNull(financingTokens.usedAt),
          gt(financingTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  /** Removes tokens expired before `before` (they can never be spent). */
  async purgeTokens(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(financingTokens).where(lte(financingTokens.expiresAt, before));
  },

  // ----- subscriptions --------------------------------------------------------------------------

  async insertSubscription(tx: Tx, row: typeof financingSubscriptions.$inferInsert): Promise<SubscriptionRow> {
    const [created] = await tx.insert(financingSubscriptions).values(row).returning();
    return created!;
  },

  async lockSubscription(tx: Tx, userId: number, mode: string, publicId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(financingSubscriptions)
      .where(
        and(
          eq(financingSubscriptions.publicId, publicId),
          eq(financingSubscriptions.userId, userId),
          eq(financingSubscriptions.mode, mode),
        ),
      )
      .for('update');
    return row;
  },

  async subscription(db: DbOrTx, userId: number, mode: string, publicId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(financingSubscriptions)
      .where(
        and(
          eq(financingSubscriptions.publicId, publicId),
          eq(financingSubscriptions.userId, userId),
          eq(financingSubscriptions.mode, mode),
        ),
      );
    return row;
  },

  async endSubscription(
    tx: Tx,
    id: number,
    patch: { state: 'expired' | 'canceled'; endedAt: Date; paidInterest: bigint; endTxId: number },
  ): Promise<SubscriptionRow> {
    const [row] = await tx
      .update(financingSubscriptions)
      .set(patch)
      .where(eq(financingSubscriptions.id, id))
      .returning();
    return row!;
  },

  /** Subscriptions due at `now`, oldest first, locked; those another job holds are skipped. */
  async lockDue(tx: Tx, now: Date, limit: number): Promise<SubscriptionRow[]> {
    return tx
      .select()
      .from(financingSubscriptions)
      .where(and(eq(financingSubscriptions.state, 'during'), lte(financingSubscriptions.maturesAt, now)))
      .orderBy(asc(financingSubscriptions.maturesAt), asc(financingSubscriptions.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async page(db: DbOrTx, userId: number, mode: string, state: string | undefined, page: number, size: number) {
    const where = and(
      eq(financingSubscriptions.userId, userId),
      eq(financingSubscriptions.mode, mode),
      state ? eq(financingSubscriptions.state, state) : undefined,
    );
    const [{ rows, total }, holding] = await Promise.all([
      newestFirst(db, financingSubscriptions, where, page, size),
      db
        .select({
          currency: financingSubscriptions.currency,
          amount: sum(financingSubscriptions.amount),
          interest: sum(financingSubscriptions.interest),
        })
        .from(financingSubscriptions)
        .where(
          and(
            eq(financingSubscriptions.userId, userId),
            eq(financingSubscriptions.mode, mode),
            eq(financingSubscriptions.state, 'during'),
          ),
        )
        .groupBy(financingSubscriptions.currency)
        .orderBy(asc(financingSubscriptions.currency)),
    ]);
    return {
      rows,
      total,
      holding: holding.map((h) => ({
        currency: h.currency,
        amount: BigInt(h.amount ?? 0),
        interest: BigInt(h.interest ?? 0),
      })),
    };
  },

  /** The back office's page of every user's subscriptions, with each user's uid. */
  async adminPage(
    db: DbOrTx,
    filter: { state?: string | undefined; userId?: number | undefined },
    page: number,
    size: number,
  ) {
    const where = and(
      filter.state ? eq(financingSubscriptions.state, filter.state) : undefined,
      filter.userId === undefined ? undefined : eq(financingSubscriptions.userId, filter.userId),
    );
    const found = await newestFirstCapped(db, financingSubscriptions, where, page, size);
    const userIds = [...new Set(found.rows.map((r) => r.userId))];
    return { ...found, uids: await userRepo.uidsOf(db, userIds) };
  },
};

/**
 * Financing's records agree with the ledger (checked by `ledger:verify` and after every test file):
 * each subscription names its subscribing transaction, and an ended one its paying transaction, of
 * the right kind and mode; a product has sold exactly the principal of its subscriptions. They join
 * the ledger's table (`ledger.transactions`, handed in by the verifier) on purpose: they check that
 * the two owners' rows agree, which no face call could do in one snapshot. `sold` counts real
 * subscriptions only: demo ones never take quota (decision 0146).
 */
export const FINANCING_INVARIANTS: readonly Invariant[] = [
  {
    rule: 'every financing subscription names its ledger transactions, of its kind and mode',
    violations: (
      limit,
      ledger,
    ) => sql`SELECT s.id, s.state, s.subscribe_tx_id, s.end_tx_id FROM financing_subscriptions s
      LEFT JOIN ${ledger.transactions} b ON b.id = s.subscribe_tx_id
      LEFT JOIN ${ledger.transactions} e ON e.id = s.end_tx_id
      WHERE b.id IS NULL OR b.kind <> 'financing_subscribe' OR b.mode <> s.mode
         OR (s.state = 'during') <> (s.end_tx_id IS NULL)
         OR (s.state = 'expired' AND (e.id IS NULL OR e.kind <> 'financing_mature' OR e.mode <> s.mode))
         OR (s.state = 'canceled' AND (e.id IS NULL OR e.kind <> 'financing_redeem' OR e.mode <> s.mode))
      LIMIT ${limit}`,
  },
  {
    rule: 'a financing product has sold the principal of its real subscriptions',
    violations: (limit) => sql`SELECT p.id, p.sold, coalesce(sum(s.amount), 0) AS subscribed FROM financing_products p
      LEFT JOIN financing_subscriptions s ON s.product_id = p.id AND s.mode = 'real' GROUP BY p.id, p.sold
      HAVING p.sold <> coalesce(sum(s.amount), 0) LIMIT ${limit}`,
  },
];

import { asc, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { vipTiers } from '../../db/schema-home';

export type VipTierRecord = typeof vipTiers.$inferSelect;

/** The VIP tiers' SQL (docs/vip.md); no rules here. */
export const vipRepo = {
  tiers(db: DbOrTx): Promise<VipTierRecord[]> {
    return db.select().from(vipTiers).orderBy(asc(vipTiers.level));
  },

  /** When the ladder was last saved, and by whom (a save stamps every row; none when never saved). */
  async lastChange(db: DbOrTx): Promise<{ at: Date | null; by: number | null }> {
    const [row] = await db
      .select({ at: vipTiers.updatedAt, by: vipTiers.updatedBy })
      .from(vipTiers)
      .orderBy(sql`${vipTiers.updatedAt} DESC NULLS LAST`)
      .limit(1);
    return { at: row?.at ?? null, by: row?.by ?? null };
  },

  /** Replaces the whole ladder in the caller's transaction. */
  async replace(tx: Tx, rows: (typeof vipTiers.$inferInsert)[]): Promise<void> {
    await tx.delete(vipTiers);
    if (rows.length) await tx.insert(vipTiers).values(rows);
  },
};

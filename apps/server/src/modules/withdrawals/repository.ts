import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { userNotifications } from '../../db/schema-kyc';
import { withdrawAddresses } from '../../db/schema-withdrawals';

export type WithdrawAddressRow = typeof withdrawAddresses.$inferSelect;

const live = (userId: number) => and(eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt));

/** The withdrawal address book's SQL (docs/withdrawals.md "Address book"). */
export const withdrawAddressRepo = {
  /** The user's addresses (of one coin when given), newest first; deleted ones left out. */
  async of(db: DbOrTx, userId: number, symbol?: string): Promise<WithdrawAddressRow[]> {
    return db.select().from(withdrawAddresses)
      .where(symbol === undefined ? live(userId) : and(live(userId), eq(withdrawAddresses.symbol, symbol)))
      .orderBy(desc(withdrawAddresses.id));
  },

  /**
   * Saves an address and the user's notice of it, if the user has fewer than `max` (their user row
   * locked, so two at once cannot pass the count); 'full' otherwise.
   */
  async insert(
    db: DbOrTx, row: typeof withdrawAddresses.$inferInsert, notice: typeof userNotifications.$inferInsert, max: number,
  ): Promise<WithdrawAddressRow | 'full'> {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
      const [n] = await tx.select({ n: count() }).from(withdrawAddresses).where(live(row.userId));
      if ((n?.n ?? 0) >= max) return 'full';
      const [created] = await tx.insert(withdrawAddresses).values(row).returning();
      await tx.insert(userNotifications).values(notice);
      return created!;
    });
  },

  /** Marks the user's address deleted; false if they have no such address. */
  async delete(db: DbOrTx, userId: number, publicId: string, at: Date): Promise<boolean> {
    const gone = await db.update(withdrawAddresses).set({ deletedAt: at })
      .where(and(live(userId), eq(withdrawAddresses.publicId, publicId))).returning({ id: withdrawAddresses.id });
    return gone.length > 0;
  },
};

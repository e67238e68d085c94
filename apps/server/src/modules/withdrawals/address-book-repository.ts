import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { withdrawAddresses, withdrawFreezeTokens } from '../../db/schema-withdrawals';
import { notifyUsers, type UserNotice } from '../notifications';
import { userRepo } from '../users';

export type WithdrawAddressRow = typeof withdrawAddresses.$inferSelect;

const live = (userId: number) => and(eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt));

/** The withdrawal address book's SQL (docs/withdrawals.md "Address book"). */
export const addressBookRepo = {
  /** The user's addresses (of one coin when given), newest first; deleted ones left out. */
  async of(db: DbOrTx, userId: number, symbol?: string): Promise<WithdrawAddressRow[]> {
    return db
      .select()
      .from(withdrawAddresses)
      .where(symbol === undefined ? live(userId) : and(live(userId), eq(withdrawAddresses.symbol, symbol)))
      .orderBy(desc(withdrawAddresses.id));
  },

  /**
   * Saves an address, the user's notice of it and the hash of its freeze link's token, if the user
   * has fewer than `max` (their user row locked, so two at once cannot pass the count); 'full' otherwise.
   */
  async insert(
    db: DbOrTx,
    row: typeof withdrawAddresses.$inferInsert,
    notice: UserNotice,
    freezeTokenHash: string,
    max: number,
  ): Promise<WithdrawAddressRow | 'full'> {
    return db.transaction(async (tx) => {
      await userRepo.lock(tx, row.userId);
      const [n] = await tx.select({ n: count() }).from(withdrawAddresses).where(live(row.userId));
      if ((n?.n ?? 0) >= max) return 'full';
      const [created] = await tx.insert(withdrawAddresses).values(row).returning();
      await notifyUsers(tx, [notice]);
      await tx
        .insert(withdrawFreezeTokens)
        .values({ tokenHash: freezeTokenHash, userId: row.userId, addressId: created!.id, createdAt: row.createdAt });
      return created!;
    });
  },

  /** The user's live address with this public id. */
  async byPublicId(db: DbOrTx, userId: number, publicId: string): Promise<WithdrawAddressRow | undefined> {
    return (
      await db
        .select()
        .from(withdrawAddresses)
        .where(and(live(userId), eq(withdrawAddresses.publicId, publicId)))
        .limit(1)
    )[0];
  },

  /**
   * Makes a held address usable now (confirmed early with a code) and tells the user; undefined if
   * it is no longer held (usable already, or deleted meanwhile): nothing is written then.
   */
  async confirm(db: DbOrTx, id: number, at: Date, notice: UserNotice): Promise<WithdrawAddressRow | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawAddresses)
        .set({ confirmedAt: at, usableFrom: at })
        .where(
          and(eq(withdrawAddresses.id, id), isNull(withdrawAddresses.deletedAt), gt(withdrawAddresses.usableFrom, at)),
        )
        .returning();
      if (row) await notifyUsers(tx, [notice]);
      return row;
    });
  },

  /**
   * Spends a freeze link's token (by its hash) if it is unused and created after `since`, its row
   * locked: the user it belongs to, or undefined. Runs in the caller's transaction.
   */
  async useFreezeToken(tx: DbOrTx, tokenHash: string, since: Date, at: Date): Promise<number | undefined> {
    const [token] = await tx
      .select()
      .from(withdrawFreezeTokens)
      .where(
        and(
          eq(withdrawFreezeTokens.tokenHash, tokenHash),
          isNull(withdrawFreezeTokens.usedAt),
          gt(withdrawFreezeTokens.createdAt, since),
        ),
      )
      .for('update');
    if (!token) return undefined;
    await tx.update(withdrawFreezeTokens).set({ usedAt: at }).where(eq(withdrawFreezeTokens.tokenHash, tokenHash));
    return token.userId;
  },

  /** Marks the user's address deleted; false if they have no such address. */
  async delete(db: DbOrTx, userId: number, publicId: string, at: Date): Promise<boolean> {
    const gone = await db
      .update(withdrawAddresses)
      .set({ deletedAt: at })
      .where(and(live(userId), eq(withdrawAddresses.publicId, publicId)))
      .returning({ id: withdrawAddresses.id });
    return gone.length > 0;
  },
};

import { and, desc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/paging';
import { fundPasswordAttempts, users } from '../../db/schema';
import { userNotifications } from '../../db/schema-kyc';

/** A user as stored, with the UID of their manager: the user whose invitation code they registered with (or null). */
export type UserRow = typeof users.$inferSelect & { managerUid: string | null };
export type NewUser = typeof users.$inferInsert;

/**
 * Every read and write of a user returns these columns, so each row carries its manager's UID.
 * The subquery names the outer table as `users` literally: in INSERT/UPDATE … RETURNING drizzle
 * writes a column unqualified, which inside the subquery would mean the inner table's column.
 */
export const userColumns = {
  ...getTableColumns(users),
  managerUid: sql<string | null>`(SELECT manager.uid FROM users manager WHERE manager.id = users.invited_by)`.as('manager_uid'),
};

export const userRepo = {
  async byEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    return (await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1))[0];
  },
  async byPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
    return (await db.select(userColumns).from(users).where(eq(users.phone, phone)).limit(1))[0];
  },
  async byUid(db: DbOrTx, uid: string): Promise<UserRow | undefined> {
    return (await db.select(userColumns).from(users).where(eq(users.uid, uid)).limit(1))[0];
  },
  async byId(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    return (await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1))[0];
  },
  async byInvitationCode(db: DbOrTx, code: string): Promise<UserRow | undefined> {
    return (await db.select(userColumns).from(users).where(eq(users.invitationCode, code)).limit(1))[0];
  },
  /** The newest users, a page of them, and how many there are up to the cap (the back office's list). */
  async newest(db: DbOrTx, page: number, size: number): Promise<{ rows: UserRow[] } & CappedTotal> {
    // The page's ids first (an index-only scan of users_created), then their rows: the skipped
    // rows are not read, nor their manager looked up.
    const order = [desc(users.createdAt), desc(users.id)];
    const ids = db.select({ id: users.id }).from(users).orderBy(...order).limit(size).offset((page - 1) * size);
    const rows = await db.select(userColumns).from(users).where(inArray(users.id, ids)).orderBy(...order);
    return { rows, ...(await cappedCount(db, users, undefined)) };
  },
  async insert(db: DbOrTx, row: NewUser): Promise<UserRow> {
    const [created] = await db.insert(users).values(row).returning(userColumns);
    return created!;
  },
  async update(db: DbOrTx, id: number, patch: Partial<NewUser>): Promise<UserRow> {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(userColumns);
    return row!;
  },
  async setFundPasswordIfUnset(db: DbOrTx, id: number, hash: string, at: Date): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ fundPasswordHash: hash, updatedAt: at })
      .where(and(eq(users.id, id), isNull(users.fundPasswordHash)))
      .returning(userColumns);
    return row;
  },
  /** A notice to the user (user_notifications, in the caller's transaction; docs/notification-kinds.md). */
  async notify(db: DbOrTx, userId: number, kind: string, at: Date, params: Record<string, unknown> = {}): Promise<void> {
    await db.insert(userNotifications).values({ userId, kind, createdAt: at, params });
  },
};

/** The fund password's throttle (UserService.checkFundPassword). */
export const fundPasswordAttemptRepo = {
  /** The user's fund password hash with their row locked until the transaction ends: checks of one user go one at a time. */
  async lockUser(tx: DbOrTx, userId: number): Promise<{ fundPasswordHash: string | null } | undefined> {
    const [row] = await tx.select({ fundPasswordHash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)).for('no key update');
    return row;
  },

  /** Failed checks since `since` and the oldest of them. */
  async failuresSince(tx: DbOrTx, userId: number, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await tx.select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${fundPasswordAttempts.at})` })
      .from(fundPasswordAttempts)
      .where(and(eq(fundPasswordAttempts.userId, userId), eq(fundPasswordAttempts.success, false), gt(fundPasswordAttempts.at, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /** A check, counted as a failure until `markSuccess`. */
  async reserve(tx: DbOrTx, userId: number, at: Date): Promise<number> {
    const [row] = await tx.insert(fundPasswordAttempts).values({ userId, success: false, at }).returning({ id: fundPasswordAttempts.id });
    return row!.id;
  },

  async markSuccess(db: DbOrTx, id: number): Promise<void> {
    await db.update(fundPasswordAttempts).set({ success: true }).where(eq(fundPasswordAttempts.id, id));
  },
};

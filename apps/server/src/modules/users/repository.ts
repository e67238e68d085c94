import { and, desc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/paging';
import { fundPasswordAttempts, users, type UserRecord } from '../../db/schema';

export type { UserRecord } from '../../db/schema';

/** A user as stored, with the UID of their manager: the user whose invitation code they registered with (or null). */
export type UserRow = UserRecord & { managerUid: string | null };
export type NewUser = typeof users.$inferInsert;

/**
 * Every read and write of a user returns these columns, so each row carries its manager's UID.
 * The subquery names the outer table as `users` literally: in INSERT/UPDATE … RETURNING drizzle
 * writes a column unqualified, which inside the subquery would mean the inner table's column.
 */
export const userColumns = {
  ...getTableColumns(users),
  managerUid: sql<string | null>`(SELECT manager.uid FROM users manager WHERE manager.id = users.invited_by)`.as(
    'manager_uid',
  ),
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
    const ids = db
      .select({ id: users.id })
      .from(users)
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size);
    const rows = await db
      .select(userColumns)
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(...order);
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

  // ----- what other modules ask of users ------------------------------------------------------

  /**
   * Locks the user's row until the caller's transaction ends, so that one user's commands of a
   * kind go one at a time (saving an address: the per-user maximum; a deposit notice: its limit).
   * FOR NO KEY UPDATE, as every per-user lock on `users`: it excludes the others like FOR UPDATE but
   * not the KEY SHARE lock that writing a row referencing the user takes (an idempotency key), so
   * two keyed commands cannot deadlock (docs/decisions/0129-per-user-locks-for-no-key-update.md).
   */
  async lock(tx: DbOrTx, id: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
  },

  /**
   * The user's row as stored (without the manager's UID), under the same lock as `lock` when
   * `lock` is set: a withdrawal's confirm reads the security pause and the fund password under it.
   */
  async stored(db: DbOrTx, id: number, lock: boolean): Promise<UserRecord | undefined> {
    const q = db.select().from(users).where(eq(users.id, id));
    const [row] = lock ? await q.for('no key update') : await q;
    return row;
  },

  /** The UIDs of these users, by id (what the back office shows of whose a record is); an unknown id is left out. */
  async uidsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: users.id, uid: users.uid })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.uid]));
  },

  /**
   * Each row with its user's UID (back-office lists: the users module owns the UIDs); a row whose
   * user is unknown is left out, as an inner join would.
   */
  async withUids<R>(db: DbOrTx, rows: readonly R[], userIdOf: (row: R) => number): Promise<{ row: R; uid: string }[]> {
    const uids = await this.uidsOf(db, [...new Set(rows.map(userIdOf))]);
    return rows.flatMap((row) => {
      const uid = uids.get(userIdOf(row));
      return uid === undefined ? [] : [{ row, uid }];
    });
  },

  /** The UIDs and e-mails of these users, by id (the chat inbox); an unknown id is left out. */
  async contactsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, { uid: string; email: string | null }>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: users.id, uid: users.uid, email: users.email })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { uid: r.uid, email: r.email }]));
  },
};

/**
 * For a read of another module that must stay one statement with its user (auth's session lookup,
 * which every authenticated request runs, prepared once): the `users` table joined on `userId`,
 * to spread into `innerJoin(...)` and select `userColumns` with. Nothing else: other reads ask the
 * functions above.
 */
export const joinUserOn = (userId: AnyPgColumn) => [users, eq(users.id, userId)] as const;

/** The fund password's throttle (UserService.checkFundPassword). */
export const fundPasswordAttemptRepo = {
  /** The user's password hashes with their row locked until the transaction ends: checks of one user go one at a time. */
  async lockUser(
    tx: DbOrTx,
    userId: number,
  ): Promise<{ passwordHash: string; fundPasswordHash: string | null } | undefined> {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash, fundPasswordHash: users.fundPasswordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    return row;
  },

  /** Failed checks since `since` and the oldest of them. */
  async failuresSince(tx: DbOrTx, userId: number, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${fundPasswordAttempts.at})` })
      .from(fundPasswordAttempts)
      .where(
        and(
          eq(fundPasswordAttempts.userId, userId),
          eq(fundPasswordAttempts.success, false),
          gt(fundPasswordAttempts.at, since),
        ),
      );
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /** A check, counted as a failure until `markSuccess`. */
  async reserve(tx: DbOrTx, userId: number, at: Date): Promise<number> {
    const [row] = await tx
      .insert(fundPasswordAttempts)
      .values({ userId, success: false, at })
      .returning({ id: fundPasswordAttempts.id });
    return row!.id;
  },

  async markSuccess(db: DbOrTx, id: number): Promise<void> {
    await db.update(fundPasswordAttempts).set({ success: true }).where(eq(fundPasswordAttempts.id, id));
  },
};

import { and, count, desc, eq, gt, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { otpCodes, sessions } from '../../db/schema';
import { joinUserOn, userColumns } from '../users';

export type OtpRow = typeof otpCodes.$inferSelect;

/** Every authenticated request runs this: prepared once, one statement with the user (the users module's join). */
const sessionByHash = preparedOn((db) =>
  db
    .select({ session: sessions, user: userColumns })
    .from(sessions)
    .innerJoin(...joinUserOn(sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash'),
);

export const sessionRepo = {
  async insert(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(row);
  },
  async withUserByHash(db: Db, tokenHash: string) {
    return (await sessionByHash(db).execute({ tokenHash }))[0];
  },
  async touch(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  },
  /** A request in another language than the session's last: its new language, and it is the session used last. */
  async setLang(db: DbOrTx, id: number, lang: string, at: Date): Promise<void> {
    await db.update(sessions).set({ lang, lastSeenAt: at }).where(eq(sessions.id, id));
  },
  /** The language of the user's session used last (revoked and expired ones count: they were used), or undefined. */
  async latestLang(db: DbOrTx, userId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ lang: sessions.lang })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNotNull(sessions.lang)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(1);
    return row?.lang ?? undefined;
  },
  async revoke(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },
  async liveOfUser(db: DbOrTx, userId: number, now: Date) {
    return db
      .select({
        origin: sessions.origin,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.id))
      .limit(50);
  },
  /**
   * Whether a sign-in from this user agent and origin would be from a new device: the user has
   * earlier sessions (live or not) and none of them has both. A user with no session at all (one
   * an operator created) is not told; registering opens the first session.
   */
  async isNewDevice(db: DbOrTx, userId: number, userAgent: string, origin: string): Promise<boolean> {
    const [row] = await db
      .select({
        any: sql<boolean>`count(*) > 0`,
        known: sql<boolean>`coalesce(bool_or(${sessions.userAgent} = ${userAgent} AND ${sessions.origin} = ${origin}), false)`,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return Boolean(row?.any) && !row?.known;
  },
  async revokeAllOfUser(db: DbOrTx, userId: number, at: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};

export const otpRepo = {
  /** Serialises code requests for one destination (send and verify), across processes. */
  async lockDestination(tx: DbOrTx, destination: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'otp:' + destination}))`);
  },
  async latestActive(tx: DbOrTx, destination: string, purpose: string): Promise<OtpRow | undefined> {
    const rows = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.destination, destination), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1);
    return rows[0];
  },
  async lastSentAt(tx: DbOrTx, destination: string): Promise<Date | undefined> {
    const [row] = await tx
      .select({ at: max(otpCodes.createdAt) })
      .from(otpCodes)
      .where(eq(otpCodes.destination, destination));
    return row?.at ?? undefined;
  },
  async countSince(tx: DbOrTx, field: 'destination' | 'ip', value: string, since: Date): Promise<number> {
    const column = field === 'destination' ? otpCodes.destination : otpCodes.ip;
    const [row] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(column, value), gt(otpCodes.createdAt, since)));
    return row?.n ?? 0;
  },
  async retireActive(tx: DbOrTx, destination: string, purpose: string, at: Date): Promise<void> {
    await tx
      .update(otpCodes)
      .set({ consumedAt: at })
      .where(and(eq(otpCodes.destination, destination), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
  },
  async insert(tx: DbOrTx, row: typeof otpCodes.$inferInsert): Promise<OtpRow> {
    const [created] = await tx.insert(otpCodes).values(row).returning();
    return created!;
  },
  async delete(tx: DbOrTx, id: number): Promise<void> {
    await tx.delete(otpCodes).where(eq(otpCodes.id, id));
  },
  async addAttempt(tx: DbOrTx, id: number): Promise<void> {
    await tx
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, id));
  },
  async consume(tx: DbOrTx, id: number, at: Date): Promise<void> {
    await tx.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, id));
  },
};

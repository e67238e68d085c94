import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/** Who signs in: a user of the app, or an operator of the back office. */
export type SigninRealm = 'user' | 'operator';

/** Which key of an attempt a count or a lock is about: the identifier typed in, or the address. */
export type SigninKey = 'account' | 'ip';

/**
 * Advisory-lock classes (the two-key form, apart from every single-key lock), one pair per realm,
 * so users' and operators' sign-ins never wait on each other.
 */
const LOCK_CLASS: Record<SigninRealm, Record<SigninKey, number>> = {
  user: { account: 4101, ip: 4102 },
  operator: { account: 4201, ip: 4202 },
};

/** The `login_attempts` rows of one realm: every query names it. */
export const signinAttemptRepo = {
  /**
   * Serialises reservations for one identifier or one address of a realm, across processes, until
   * the transaction ends. Callers take the identifier's lock before the address's, always.
   */
  async lock(tx: DbOrTx, realm: SigninRealm, key: SigninKey, value: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(LOCK_CLASS[realm][key]))}, hashtext(${value}))`);
  },
  /** A slot for one password check, recorded as a failure until the password proves right. */
  async reserve(tx: DbOrTx, realm: SigninRealm, accountKey: string, ip: string, at: Date): Promise<number> {
    const [row] = await tx
      .insert(loginAttempts)
      .values({ realm, accountKey, ip, success: false, at })
      .returning({ id: loginAttempts.id });
    return row!.id;
  },
  async markSuccess(db: DbOrTx, id: number): Promise<void> {
    await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
  },
  /**
   * Failures (and slots still being checked) for a key of a realm inside the window, and the time
   * of the oldest of them (the lock lifts when that one leaves the window).
   */
  async failuresSince(db: DbOrTx, realm: SigninRealm, key: SigninKey, value: string, since: Date) {
    // An identifier's count restarts at its last successful sign-in, in reservation order (slots
    // taken after the successful one count, those taken before it do not); an address's does not
    // restart, or an attacker could reset it by signing in to an account of their own.
    const column = key === 'account' ? loginAttempts.accountKey : loginAttempts.ip;
    const lastSuccess = db
      .select({ id: max(loginAttempts.id) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.realm, realm), eq(column, value), eq(loginAttempts.success, true)));
    const [row] = await db
      .select({ n: count(), oldest: sql<Date | null>`min(${loginAttempts.at})`.mapWith(loginAttempts.at) })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.realm, realm),
          eq(column, value),
          eq(loginAttempts.success, false),
          gt(loginAttempts.at, since),
          key === 'account' ? sql`${loginAttempts.id} > coalesce((${lastSuccess}), 0)` : undefined,
        ),
      );
    return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
  },
};

import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { signinAttemptRepo, type SigninRealm } from './repository';

/** A realm's limits, from the configuration. */
interface SigninLimits {
  /** The window failures are counted in, and how long a lock lasts at most. */
  lockMinutes: number;
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
}

/** Each realm's settings: `LOGIN_*` for users, `OPERATOR_LOGIN_*` for operators (docs/configuration.md). */
const LIMITS: Record<SigninRealm, (config: Config) => SigninLimits> = {
  user: (c) => ({
    lockMinutes: c.loginLockMinutes,
    maxFailuresPerAccount: c.loginMaxFailuresPerAccount,
    maxFailuresPerIp: c.loginMaxFailuresPerIp,
  }),
  operator: (c) => ({
    lockMinutes: c.operators.loginLockMinutes,
    maxFailuresPerAccount: c.operators.loginMaxFailuresPerAccount,
    maxFailuresPerIp: c.operators.loginMaxFailuresPerIp,
  }),
};

/**
 * The sign-in throttle (docs/security.md "Account enumeration and brute force"), one for users and
 * operators, each counted apart (`realm`). A sign-in takes its slot before the password is checked,
 * so concurrent guesses cannot all pass the count: the slot stands as a failure unless `succeed`
 * turns it into a success.
 */
export class SigninThrottle {
  constructor(
    private readonly ctx: AppContext,
    private readonly realm: SigninRealm,
  ) {}

  /**
   * Counts the identifier's and the address's failures in the window and, when both are under
   * their limits, records this attempt as a failure, all under both keys' advisory locks
   * (identifier first, then address): for concurrent requests the check and the record are one
   * step, on PostgreSQL and on PGlite alike. Answers the attempt's id; throws LOGIN_LOCKED, with
   * the minutes left, and records nothing.
   */
  reserve(accountKey: string, ip: string, now: Date): Promise<number> {
    const { db, config } = this.ctx;
    const realm = this.realm;
    const limits = LIMITS[realm](config);
    const windowMs = limits.lockMinutes * 60_000;
    const since = new Date(now.getTime() - windowMs);
    const checks = [
      { key: 'account' as const, value: accountKey, max: limits.maxFailuresPerAccount },
      { key: 'ip' as const, value: ip, max: limits.maxFailuresPerIp },
    ];
    return db.transaction(async (tx) => {
      for (const c of checks) await signinAttemptRepo.lock(tx, realm, c.key, c.value);
      for (const c of checks) {
        const { count, oldest } = await signinAttemptRepo.failuresSince(tx, realm, c.key, c.value, since);
        if (count >= c.max && oldest) {
          const minutes = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 60_000));
          throw new AppError('LOGIN_LOCKED', { minutes });
        }
      }
      return signinAttemptRepo.reserve(tx, realm, accountKey, ip, now);
    });
  }

  /** The attempt proved right: its slot stops counting, and the identifier's count restarts after it. */
  succeed(db: DbOrTx, attempt: number): Promise<void> {
    return signinAttemptRepo.markSuccess(db, attempt);
  }
}

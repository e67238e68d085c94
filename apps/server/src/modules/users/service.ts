import {
  type BindEmailBody,
  type ChangeFundPasswordBody,
  type ChangePasswordBody,
  type ForgotFundPasswordBody,
  type LoginResult,
  type OtpPurpose,
  type ResetPasswordBody,
  type SetFundPasswordBody,
  type TypeUser,
  type UpdateUserBody,
  type UserInfo,
  type WithdrawLockReason,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import type { SessionMeta } from '../../plugins/session';
import type { FileService } from '../files';
import { notifyUser } from '../notifications';
import { DashboardLayoutService } from './dashboard-layout';
import { assertNotOtherPassword } from './password-pair';
import { assertPasswordsMatch } from './passwords';
import { fundPasswordAttemptRepo, userRepo, type NewUser, type UserRow } from './repository';
import { toUserInfo } from './user-info';

// auth depends on users (it signs up, finds and resets users). What users needs back from auth is
// named here as two narrow interfaces; app.ts passes auth's OtpService and SessionService.

/** Spends a one-time code sent to an e-mail or phone, or throws CODE_INVALID / CODE_EXPIRED / CODE_ATTEMPTS_EXCEEDED. */
export interface CodeVerifier {
  consume(destination: string, purpose: OtpPurpose, code: string): Promise<void>;
}

/** Opens and ends a user's sessions inside the caller's transaction; forgets the copy of a changed user. */
export interface SessionControl {
  create(db: DbOrTx, userId: number, meta: SessionMeta): Promise<string>;
  revokeAll(db: DbOrTx, userId: number): Promise<void>;
  /** Called before a change to the user is written: the session's copy of the user is not used again. */
  forgetUser(userId: number): void;
}

/**
 * The columns that record a security change (withdrawals pause for WITHDRAW_SECURITY_LOCK_HOURS
 * after it): merged into the update that makes the change, so the two are one write.
 */
export function securityStamp(
  change: WithdrawLockReason,
  at: Date,
): Pick<NewUser, 'securityChangedAt' | 'securityChange'> {
  return { securityChangedAt: at, securityChange: change };
}

/** Profile, password and fund-password settings of the signed-in user. */
export class UserService {
  /** The desktop dashboard's arrangement per user. */
  readonly dashboardLayouts: DashboardLayoutService;

  constructor(
    private readonly ctx: AppContext,
    private readonly otp: CodeVerifier,
    private readonly sessions: SessionControl,
    private readonly files: FileService,
  ) {
    this.dashboardLayouts = new DashboardLayoutService(ctx);
  }

  private async save(user: UserRow, patch: Partial<NewUser>, mode: TypeUser): Promise<UserInfo> {
    this.sessions.forgetUser(user.id);
    return toUserInfo(await userRepo.update(this.ctx.db, user.id, { ...patch, updatedAt: this.ctx.clock.now() }), mode);
  }

  /** A security change and the notice telling the user of it, one transaction. */
  private async saveAndNotify(user: UserRow, patch: Partial<NewUser>, mode: TypeUser, kind: string): Promise<UserInfo> {
    this.sessions.forgetUser(user.id);
    return this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const row = await userRepo.update(tx, user.id, { ...patch, updatedAt: now });
      await notifyUser(tx, user.id, kind, now);
      return toUserInfo(row, mode);
    });
  }

  /**
   * The user as stored now. The session's copy may be a moment old (SessionService's cache), so
   * passwords, fund passwords and contacts are checked against this one.
   */
  private async current(user: UserRow): Promise<UserRow> {
    const row = await userRepo.byId(this.ctx.db, user.id);
    if (!row) throw new AppError('SESSION_EXPIRED');
    return row;
  }

  async update(user: UserRow, body: UpdateUserBody, mode: TypeUser): Promise<UserInfo> {
    const patch: Partial<NewUser> = {};
    if (body.nickname !== undefined) {
      const nickname = body.nickname.trim();
      if (!nickname) throw new AppError('FIELD_REQUIRED', { field: 'nickname' });
      patch.nickname = nickname;
    }
    if (body.avatar !== undefined) {
      // Only an avatar this user uploaded.
      if (body.avatar !== null && !(await this.files.isOwnAvatar(user.id, body.avatar))) {
        throw new AppError('INVALID_PARAMETER', { field: 'avatar' });
      }
      patch.avatar = body.avatar;
    }
    if (body.language !== undefined) patch.language = body.language;
    if (body.theme !== undefined) patch.theme = body.theme;
    return Object.keys(patch).length ? this.save(user, patch, mode) : toUserInfo(user, mode);
  }

  async bindEmail(user: UserRow, body: BindEmailBody, mode: TypeUser): Promise<UserInfo> {
    const email = body.email.trim().toLowerCase();
    if (await userRepo.byEmail(this.ctx.db, email)) throw new AppError('ACCOUNT_EXISTS');
    await this.otp.consume(email, 'bind_email', body.code);
    try {
      return await this.save(user, { email, ...securityStamp('contact', this.ctx.clock.now()) }, mode);
    } catch (err) {
      if (uniqueViolation(err) === 'users_email_unique') throw new AppError('ACCOUNT_EXISTS');
      throw err;
    }
  }

  /** Changes the login password, ends every session and opens a fresh one for this device. */
  async changePassword(
    session: UserRow,
    body: ChangePasswordBody,
    meta: SessionMeta,
    mode: TypeUser,
  ): Promise<LoginResult> {
    assertPasswordsMatch(body.password, body.confirmPassword);
    const user = await this.current(session);
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) throw new AppError('OLD_PASSWORD_INCORRECT');
    if (body.password === body.oldPassword) throw new AppError('PASSWORD_UNCHANGED');
    if (user.fundPasswordHash) await this.assertNotOther(user.id, body.password, 'fund');
    const passwordHash = await hashPassword(body.password, this.ctx.config.scryptCost);
    return this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const updated = await userRepo.update(tx, user.id, {
        passwordHash,
        ...securityStamp('password', now),
        updatedAt: now,
      });
      await this.sessions.revokeAll(tx, user.id);
      const token = await this.sessions.create(tx, user.id, meta);
      await notifyUser(tx, user.id, 'password.changed', now);
      return { token, user: toUserInfo(updated, mode) };
    });
  }

  /**
   * The signed-in reset of the login password (/pages/profile/reset-password): a forgot_password code
   * sent to the account's own e-mail or phone stands in for the current password. As a change does,
   * it ends every session, opens a fresh one for this device and starts the withdrawal pause
   * (securityStamp 'password').
   */
  async resetPassword(
    session: UserRow,
    body: ResetPasswordBody,
    meta: SessionMeta,
    mode: TypeUser,
  ): Promise<LoginResult> {
    assertPasswordsMatch(body.password, body.confirmPassword);
    const user = await this.current(session);
    const destination = body.channel === 'email' ? user.email : user.phone;
    if (!destination) throw new AppError('NO_CONTACT_FOR_CODE');
    await this.otp.consume(destination, 'forgot_password', body.code);
    await assertNotOtherPassword(body.password, user.fundPasswordHash);
    const passwordHash = await hashPassword(body.password, this.ctx.config.scryptCost);
    return this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const updated = await userRepo.update(tx, user.id, {
        passwordHash,
        ...securityStamp('password', now),
        updatedAt: now,
      });
      await this.sessions.revokeAll(tx, user.id);
      const token = await this.sessions.create(tx, user.id, meta);
      await notifyUser(tx, user.id, 'password.changed', now);
      return { token, user: toUserInfo(updated, mode) };
    });
  }

  async setFundPassword(session: UserRow, body: SetFundPasswordBody, mode: TypeUser): Promise<UserInfo> {
    assertPasswordsMatch(body.fundPassword, body.confirmFundPassword);
    const user = await this.current(session);
    if (user.fundPasswordHash) throw new AppError('FUND_PASSWORD_ALREADY_SET');
    // Not counted by the throttle: a first setting ends the guessing (a fund password that is not the
    // login password is set, and every later try hears FUND_PASSWORD_ALREADY_SET, as does one that
    // matched while a concurrent try set it; docs/decisions/0149-fund-password-differs-from-login-password.md).
    try {
      await assertNotOtherPassword(body.fundPassword, user.passwordHash);
    } catch (err) {
      if ((await this.current(session)).fundPasswordHash) throw new AppError('FUND_PASSWORD_ALREADY_SET');
      throw err;
    }
    const fundPasswordHash = await hashPassword(body.fundPassword, this.ctx.config.scryptCost);
    // Conditional update: of two concurrent first settings, one wins.
    this.sessions.forgetUser(user.id);
    const row = await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const set = await userRepo.setFundPasswordIfUnset(tx, user.id, fundPasswordHash, now);
      if (set) await notifyUser(tx, user.id, 'fund_password.set', now);
      return set;
    });
    if (!row) throw new AppError('FUND_PASSWORD_ALREADY_SET');
    return toUserInfo(row, mode);
  }

  async changeFundPassword(session: UserRow, body: ChangeFundPasswordBody, mode: TypeUser): Promise<UserInfo> {
    assertPasswordsMatch(body.fundPassword, body.confirmFundPassword);
    const user = await this.current(session);
    await this.checkFundPassword(user.id, body.oldFundPassword);
    await this.assertNotOther(user.id, body.fundPassword, 'login');
    const fundPasswordHash = await hashPassword(body.fundPassword, this.ctx.config.scryptCost);
    return this.saveAndNotify(
      user,
      { fundPasswordHash, ...securityStamp('fund_password', this.ctx.clock.now()) },
      mode,
      'fund_password.changed',
    );
  }

  /**
   * Checks the fund password for an action that needs it (saving or deleting a withdrawal address,
   * changing the fund password), or throws FUND_PASSWORD_NOT_SET, FUND_PASSWORD_INCORRECT, or
   * FUND_PASSWORD_LOCKED after FUND_PASSWORD_MAX_FAILURES wrong ones within the window, even for the
   * right one. As the sign-in throttle does: the check is recorded as a failure before the slow hash
   * is compared, under the user's row lock (so concurrent guesses are counted one by one), and turned
   * into a success when the password proves right.
   */
  async checkFundPassword(userId: number, password: string): Promise<void> {
    const { user, attempt } = await this.fundPasswordSlot(userId, (u) => {
      if (!u.fundPasswordHash) throw new AppError('FUND_PASSWORD_NOT_SET');
    });
    if (!user.fundPasswordHash || !(await verifyPassword(password, user.fundPasswordHash)))
      throw new AppError('FUND_PASSWORD_INCORRECT');
    await fundPasswordAttemptRepo.markSuccess(this.ctx.db, attempt);
  }

  /**
   * A new login password must not open the fund password's hash (`against: 'fund'`), nor a new fund
   * password the login password's (`against: 'login'`): FUND_PASSWORD_SAME_AS_LOGIN. Whoever asks has
   * proved only one of the two, so the comparison is a guess at the other: it takes a slot of the
   * fund-password throttle and stays counted as a failure whatever it finds (refused with
   * FUND_PASSWORD_LOCKED while the throttle is locked), so that repeated changes cannot test
   * candidates for the other password (docs/decisions/0149-fund-password-differs-from-login-password.md).
   */
  private async assertNotOther(userId: number, candidate: string, against: 'login' | 'fund'): Promise<void> {
    const { user } = await this.fundPasswordSlot(userId);
    await assertNotOtherPassword(candidate, against === 'login' ? user.passwordHash : user.fundPasswordHash);
  }

  /**
   * One slot of the fund-password throttle, taken under the user's row lock (so concurrent checks are
   * counted one by one) after `check` has looked at the locked row: FUND_PASSWORD_LOCKED once
   * FUND_PASSWORD_MAX_FAILURES failures are within the window. The slot is a failure until
   * `markSuccess`; the slow hash is compared by the caller, outside the lock.
   */
  private async fundPasswordSlot(
    userId: number,
    check?: (user: { passwordHash: string; fundPasswordHash: string | null }) => void,
  ): Promise<{ user: { passwordHash: string; fundPasswordHash: string | null }; attempt: number }> {
    const { db, clock, config } = this.ctx;
    const now = clock.now();
    const windowMs = config.fundPasswordLockMinutes * 60_000;
    return db.transaction(async (tx) => {
      const user = await fundPasswordAttemptRepo.lockUser(tx, userId);
      if (!user) throw new AppError('SESSION_EXPIRED');
      check?.(user);
      const { count, oldest } = await fundPasswordAttemptRepo.failuresSince(
        tx,
        userId,
        new Date(now.getTime() - windowMs),
      );
      if (count >= config.fundPasswordMaxFailures && oldest) {
        const minutes = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 60_000));
        throw new AppError('FUND_PASSWORD_LOCKED', { minutes });
      }
      return { user, attempt: await fundPasswordAttemptRepo.reserve(tx, userId, now) };
    });
  }

  /** Sets a new fund password with a code sent to the account's own e-mail or phone. */
  async forgotFundPassword(session: UserRow, body: ForgotFundPasswordBody, mode: TypeUser): Promise<UserInfo> {
    assertPasswordsMatch(body.fundPassword, body.confirmFundPassword);
    const user = await this.current(session);
    const destination = body.channel === 'email' ? user.email : user.phone;
    if (!destination) throw new AppError('NO_CONTACT_FOR_CODE');
    await this.otp.consume(destination, 'forgot_fund_password', body.code);
    // After the code: only the account's owner learns that the new one is the login password.
    await assertNotOtherPassword(body.fundPassword, user.passwordHash);
    const fundPasswordHash = await hashPassword(body.fundPassword, this.ctx.config.scryptCost);
    return this.saveAndNotify(
      user,
      { fundPasswordHash, ...securityStamp('fund_password', this.ctx.clock.now()) },
      mode,
      'fund_password.reset',
    );
  }
}

import crypto from 'node:crypto';
import type {
  ForgotPasswordBody,
  HeaderLang,
  LoginBody,
  LoginResult,
  OtpPurpose,
  RegisterBody,
  SendOtpBody,
  SendSmsOtpBody,
  TypeUser,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import type { SessionMeta } from '../../plugins/session';
import {
  assertNotOtherPassword,
  assertPasswordsMatch,
  findByIdentity,
  phoneKey,
  resolveIdentity,
  securityStamp,
  toUserInfo,
  userRepo,
  type Identity,
  type UserRow,
} from '../users';
import { acceptCurrentTerms } from '../content';
import { notifyUser } from '../notifications';
import { SigninThrottle } from '../signin-throttle';
import { OtpService, type OtpChannel } from './otp';
import { describeDevice } from './device';
import { sessionRepo } from './repository';
import type { SessionService } from './sessions';

const INVITATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I
const INVITATION_LENGTH = 6;
const MAX_ID_RETRIES = 5;

function randomInvitationCode(): string {
  let s = '';
  for (let i = 0; i < INVITATION_LENGTH; i++) s += INVITATION_ALPHABET[crypto.randomInt(INVITATION_ALPHABET.length)];
  return s;
}

function randomUid(): string {
  return String(crypto.randomInt(10_000_000, 100_000_000));
}

/** A logged-in caller, for the code purposes that belong to an existing account. */
export interface Caller {
  user: UserRow;
}

export class AuthService {
  readonly otp: OtpService;
  private readonly throttle: SigninThrottle;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionService,
  ) {
    this.otp = new OtpService(ctx);
    this.throttle = new SigninThrottle(ctx, 'user');
  }

  // ---- one-time codes -------------------------------------------------------------------

  sendEmailCode(body: SendOtpBody, caller: Caller | null, ip: string, lang: HeaderLang) {
    const destination = body.email.trim().toLowerCase();
    return this.sendCode({ type: 'email', key: destination, countryCode: null }, body.purpose, caller, ip, lang);
  }

  sendSmsCode(body: SendSmsOtpBody, caller: Caller | null, ip: string, lang: HeaderLang) {
    const id: Identity = { type: 'phone', key: phoneKey(body.countryCode, body.phone), countryCode: null };
    return this.sendCode(id, body.purpose, caller, ip, lang);
  }

  private async sendCode(id: Identity, purpose: OtpPurpose, caller: Caller | null, ip: string, lang: HeaderLang) {
    await this.checkCodePurpose(id, purpose, caller);
    const channel: OtpChannel = id.type === 'email' ? 'email' : 'sms';
    return this.otp.send({ destination: id.key, channel, purpose, ip, lang });
  }

  /** Who may ask for a code of each purpose, and to where. */
  private async checkCodePurpose(id: Identity, purpose: OtpPurpose, caller: Caller | null): Promise<void> {
    const existing = await findByIdentity(this.ctx.db, id);
    switch (purpose) {
      case 'register':
        if (existing) throw new AppError('ACCOUNT_EXISTS');
        return;
      case 'forgot_password':
        if (!existing) throw new AppError('ACCOUNT_NOT_FOUND');
        return;
      case 'bind_email':
        if (!caller) throw new AppError('SESSION_EXPIRED');
        if (id.type !== 'email') throw new AppError('INVALID_PARAMETER', { field: 'purpose' });
        if (existing) throw new AppError('ACCOUNT_EXISTS');
        return;
      case 'forgot_fund_password':
      case 'withdraw_address': {
        if (!caller) throw new AppError('SESSION_EXPIRED');
        // The code goes only to the caller's own bound e-mail or phone.
        const own = id.type === 'email' ? caller.user.email : caller.user.phone;
        if (!own) throw new AppError('NO_CONTACT_FOR_CODE');
        if (own !== id.key) throw new AppError('INVALID_PARAMETER', { field: id.type });
        return;
      }
      default: {
        // A purpose added to OTP_PURPOSES must be given its rule here before any code is sent.
        const unhandled: never = purpose;
        void unhandled;
        throw new AppError('INVALID_PARAMETER', { field: 'purpose' });
      }
    }
  }

  // ---- sign-up, sign-in, reset ----------------------------------------------------------

  async register(body: RegisterBody, meta: SessionMeta, mode: TypeUser): Promise<LoginResult> {
    const id = resolveIdentity(body);
    assertPasswordsMatch(body.password, body.confirmPassword);
    const { db, clock, config } = this.ctx;
    if (await findByIdentity(db, id)) throw new AppError('ACCOUNT_EXISTS');
    let invitedBy: number | null = null;
    if (body.invitationCode) {
      const inviter = await userRepo.byInvitationCode(db, body.invitationCode.trim().toUpperCase());
      if (!inviter) throw new AppError('INVITATION_CODE_INVALID');
      invitedBy = inviter.id;
    }
    // Every input is checked before the code is used up.
    await this.otp.consume(id.key, 'register', body.code);
    const passwordHash = await hashPassword(body.password, config.scryptCost);

    for (let attempt = 0; ; attempt++) {
      const now = clock.now();
      const uid = randomUid();
      try {
        return await db.transaction(async (tx) => {
          const user = await userRepo.insert(tx, {
            uid,
            email: id.type === 'email' ? id.key : null,
            phone: id.type === 'phone' ? id.key : null,
            countryCode: id.countryCode,
            passwordHash,
            nickname: `User${uid}`,
            invitationCode: randomInvitationCode(),
            invitedBy,
            createdAt: now,
            updatedAt: now,
          });
          // Registering accepts the current user agreement and privacy policy (docs/content.md "Legal texts").
          await acceptCurrentTerms(tx, user.id, now);
          const token = await this.sessions.create(tx, user.id, meta);
          return { token, user: toUserInfo(user, mode) };
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'users_email_unique' || constraint === 'users_phone_unique')
          throw new AppError('ACCOUNT_EXISTS');
        // A random uid or invitation code collided: draw again.
        if (constraint && attempt < MAX_ID_RETRIES) continue;
        throw err;
      }
    }
  }

  async login(body: LoginBody, meta: SessionMeta, mode: TypeUser): Promise<LoginResult> {
    const id = resolveIdentity(body);
    const { db, clock } = this.ctx;
    // The slot is taken before the password is checked, so concurrent guesses cannot all pass
    // the count: it stands as a failure unless the password proves right.
    const attempt = await this.throttle.reserve(id.key, meta.ip, clock.now());
    const user = await findByIdentity(db, id);
    const ok = user ? await verifyPassword(body.password, user.passwordHash) : false;
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    if (!ok) throw new AppError('PASSWORD_INCORRECT');
    // Said only to someone who knows the password; the attempt stays counted as a failure.
    if (user.lockedAt) throw new AppError('ACCOUNT_LOCKED');
    await this.throttle.succeed(db, attempt);
    const token = await db.transaction(async (tx) => {
      const fresh = await sessionRepo.isNewDevice(tx, user.id, meta.userAgent.slice(0, 300), meta.origin);
      const opened = await this.sessions.create(tx, user.id, meta);
      const now = clock.now();
      if (fresh)
        await notifyUser(tx, user.id, 'login.new_device', now, {
          device: describeDevice(meta.userAgent, meta.origin),
          ip: meta.ip,
          at: now.getTime(),
        });
      return opened;
    });
    return { token, user: toUserInfo(user, mode) };
  }

  async forgotPassword(body: ForgotPasswordBody): Promise<void> {
    const id = resolveIdentity(body);
    assertPasswordsMatch(body.password, body.confirmPassword);
    const { db, clock, config } = this.ctx;
    const user = await findByIdentity(db, id);
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    await this.otp.consume(id.key, 'forgot_password', body.code);
    // After the code, so that only the account's owner learns the new one is the fund password.
    await assertNotOtherPassword(body.password, user.fundPasswordHash);
    const passwordHash = await hashPassword(body.password, config.scryptCost);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await userRepo.update(tx, user.id, { passwordHash, ...securityStamp('password', now), updatedAt: now });
      // A reset means the password may be known to someone else: end every session.
      await this.sessions.revokeAll(tx, user.id);
      await notifyUser(tx, user.id, 'password.reset', now);
    });
  }

  async logout(userId: number, sessionId: number): Promise<void> {
    await this.sessions.revoke(userId, sessionId);
  }
}

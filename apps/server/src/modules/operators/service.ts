import type {
  OperatorCreateBody,
  OperatorCreateResult,
  OperatorInfo,
  OperatorList,
  OperatorListQuery,
  OperatorLoginBody,
  OperatorLoginResult,
  OperatorRole,
} from '@app/contract';
import { EMAIL_MAX_LENGTH, OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_ROLES } from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword, sealer, verifyPassword } from '../../lib/secrets';
import type { OperatorAuthenticated } from '../../plugins/operator-session';
import type { AuditActor, AuditLog } from '../audit';
import { SigninThrottle } from '../signin-throttle';
import { operatorRepo, type OperatorRow } from './repository';
import type { OperatorSessionService } from './sessions';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

/** Where a sign-in comes from. */
export interface OperatorLoginMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

/** Why a sign-in failed: written to the audit log, never told to the caller (one OPERATOR_LOGIN_FAILED for all). */
type LoginFailure = 'unknown_email' | 'wrong_password' | 'disabled' | 'wrong_totp' | 'totp_reused' | 'locked';

export function toOperatorInfo(o: OperatorRow): OperatorInfo {
  return {
    id: o.id,
    email: o.email,
    role: o.role as OperatorRole,
    createdAt: o.createdAt.getTime(),
    disabledAt: o.disabledAt?.getTime() ?? null,
  };
}

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
const audited = (o: OperatorRow) => ({
  id: o.id,
  email: o.email,
  role: o.role,
  disabledAt: o.disabledAt?.getTime() ?? null,
});

class LoginRefused extends Error {
  constructor(
    readonly reason: LoginFailure,
    readonly operator: OperatorRow | undefined,
    readonly minutes?: number,
  ) {
    super(reason);
  }
}

/**
 * Operators of the back office (issue 16): sign-in with password and TOTP, sign-out, the list,
 * creation (from the API by an admin, or from the command line) and disabling. Every action is
 * written to the audit log in the transaction that does it; a failed sign-in is written on its own.
 */
export class OperatorService {
  /** A hash no password matches, checked for an unknown e-mail so its answer takes as long as a wrong password's. */
  private unknownHash: Promise<string> | undefined;
  /** TOTP secrets are stored sealed under the app secret (docs/security.md "Operators"). */
  private readonly totpSecrets: ReturnType<typeof sealer>;
  /** The users' sign-in throttle, with the operators' own counts and settings (`OPERATOR_LOGIN_*`). */
  private readonly throttle: SigninThrottle;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: OperatorSessionService,
    private readonly audit: AuditLog,
  ) {
    this.totpSecrets = sealer(ctx.secret, 'operator-totp-secret');
    this.throttle = new SigninThrottle(ctx, 'operator');
  }

  async login(body: OperatorLoginBody, meta: OperatorLoginMeta): Promise<OperatorLoginResult> {
    const email = body.email.trim().toLowerCase();
    const { db, clock } = this.ctx;
    const actor = (o: OperatorRow | undefined): AuditActor => ({
      operatorId: o?.id ?? null,
      operatorEmail: o?.email ?? email,
      role: (o?.role as OperatorRole | undefined) ?? null,
      requestId: meta.requestId,
      ip: meta.ip,
    });
    try {
      const attempt = await this.throttle.reserve(email, meta.ip, clock.now());
      const operator = await operatorRepo.byEmail(db, email);
      this.unknownHash ??= hashPassword(`unknown-${Date.now()}-${Math.random()}`, this.ctx.config.scryptCost);
      const passwordOk =
        (await verifyPassword(body.password, operator?.passwordHash ?? (await this.unknownHash))) &&
        operator !== undefined;
      if (!operator) throw new LoginRefused('unknown_email', undefined);
      if (!passwordOk) throw new LoginRefused('wrong_password', operator);
      if (operator.disabledAt) throw new LoginRefused('disabled', operator);
      // A secret that does not open (sealed under another APP_SECRET, or altered) takes no code.
      const secret = this.totpSecrets.open(operator.totpSecret);
      const step = secret === null ? null : totpStepOf(secret, body.totp, clock.now().getTime());
      if (step === null) throw new LoginRefused('wrong_totp', operator);
      // A code works once, and none of a step at or before the last one accepted.
      if (step <= operator.totpLastStep) throw new LoginRefused('totp_reused', operator);
      return await db.transaction(async (tx) => {
        // A sign-in racing with the same code may have taken the step since it was read.
        if (!(await operatorRepo.takeTotpStep(tx, operator.id, step))) throw new LoginRefused('totp_reused', operator);
        await this.throttle.succeed(tx, attempt);
        const { token, sessionId } = await this.sessions.create(tx, operator.id, meta);
        await this.audit.write(tx, actor(operator), {
          action: 'operator.login',
          targetType: 'operator_session',
          targetId: sessionId,
        });
        return { token, operator: toOperatorInfo(operator) };
      });
    } catch (err) {
      if (err instanceof AppError && err.key === 'LOGIN_LOCKED') {
        await this.audit.write(db, actor(undefined), { action: 'operator.login_failed', after: { reason: 'locked' } });
        throw err;
      }
      if (!(err instanceof LoginRefused)) throw err;
      await this.audit.write(db, actor(err.operator), {
        action: 'operator.login_failed',
        targetType: err.operator ? 'operator' : null,
        targetId: err.operator?.id ?? null,
        after: { reason: err.reason },
      });
      throw new AppError('OPERATOR_LOGIN_FAILED');
    }
  }

  async logout(actor: AuditActor, auth: OperatorAuthenticated): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await this.sessions.revoke(tx, auth.sessionId);
      await this.audit.write(tx, actor, {
        action: 'operator.logout',
        targetType: 'operator_session',
        targetId: auth.sessionId,
      });
    });
  }

  async me(auth: OperatorAuthenticated): Promise<OperatorInfo> {
    const row = await operatorRepo.byId(this.ctx.db, auth.operator.id);
    if (!row) throw new AppError('SESSION_EXPIRED');
    return toOperatorInfo(row);
  }

  /** The operator with this e-mail (the command line's disable), or undefined. */
  async byEmail(email: string): Promise<OperatorInfo | undefined> {
    const row = await operatorRepo.byEmail(this.ctx.db, email.trim().toLowerCase());
    return row && toOperatorInfo(row);
  }

  async list(actor: AuditActor, q: OperatorListQuery): Promise<OperatorList> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    return this.ctx.db.transaction(async (tx) => {
      const { rows, total, totalCapped } = await operatorRepo.page(tx, page, size);
      await this.audit.write(tx, actor, { action: 'operator.list', after: { page, size } });
      return { items: rows.map(toOperatorInfo), page, size, total, totalCapped };
    });
  }

  /**
   * A new operator with a new TOTP secret, which this answer alone carries (shown once: the
   * operator adds it to an authenticator app). From the API (an admin) or the command line.
   */
  async create(actor: AuditActor, body: OperatorCreateBody): Promise<OperatorCreateResult> {
    const { db, clock, config } = this.ctx;
    if (body.password.length < OPERATOR_PASSWORD_MIN_LENGTH) throw new AppError('OPERATOR_PASSWORD_TOO_SHORT');
    if (!(OPERATOR_ROLES as readonly string[]).includes(body.role))
      throw new AppError('INVALID_PARAMETER', { field: 'role' });
    const email = body.email.trim().toLowerCase();
    // The API's schema checks it too; the command line comes here directly.
    if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new AppError('EMAIL_INVALID');
    const passwordHash = await hashPassword(body.password, config.scryptCost);
    const totpSecret = newTotpSecret();
    try {
      const operator = await db.transaction(async (tx) => {
        const row = await operatorRepo.insert(tx, {
          email,
          passwordHash,
          totpSecret: this.totpSecrets.seal(totpSecret),
          role: body.role,
          createdAt: clock.now(),
          createdBy: actor.operatorId,
        });
        await this.audit.write(tx, actor, {
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id,
          before: null,
          after: audited(row),
        });
        return row;
      });
      return {
        operator: toOperatorInfo(operator),
        totpSecret,
        totpUri: totpUri(config.operators.totpIssuer, email, totpSecret),
      };
    } catch (err) {
      if (uniqueViolation(err) === 'operators_email_unique') throw new AppError('OPERATOR_EXISTS');
      throw err;
    }
  }

  /** Disables an operator and ends every session of theirs. Disabling a disabled operator changes nothing (and is recorded). */
  async disable(actor: AuditActor, id: number): Promise<OperatorInfo> {
    if (actor.operatorId === id) throw new AppError('OPERATOR_DISABLE_SELF');
    return this.ctx.db.transaction(async (tx) => {
      const before = await operatorRepo.byIdForUpdate(tx, id);
      if (!before) throw new AppError('OPERATOR_NOT_FOUND');
      const after = before.disabledAt ? before : await operatorRepo.disable(tx, id, this.ctx.clock.now());
      await this.sessions.revokeAllOf(tx, id);
      await this.audit.write(tx, actor, {
        action: 'operator.disable',
        targetType: 'operator',
        targetId: id,
        before: audited(before),
        after: audited(after),
      });
      return toOperatorInfo(after);
    });
  }
}

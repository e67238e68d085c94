import type { OperatorRole } from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newToken, sha256Hex } from '../../lib/secrets';
import type { OperatorAuthenticated, OperatorAuthenticator } from '../../plugins/operator-session';
import { operatorSessionRepo } from './repository';

/** Every operator token starts so, and a token without it is refused before any lookup: the two kinds are told apart at a glance. */
export const OPERATOR_TOKEN_PREFIX = 'op_';
/** last_seen_at is written at most this often (idle expiry is counted in minutes). */
const TOUCH_INTERVAL_MS = 5_000;

/**
 * Operator sessions: opaque 256-bit tokens with the `op_` prefix, stored as SHA-256 in
 * `operator_sessions` and looked up there only (a user token is not found there, and an operator
 * token is not found in `sessions`). Idle expiry (OPERATOR_SESSION_IDLE_MINUTES) and absolute
 * expiry (OPERATOR_SESSION_MAX_HOURS). Nothing is cached: every request reads the session and
 * its operator, so a disable or a role change counts at once.
 */
export class OperatorSessionService implements OperatorAuthenticator {
  constructor(private readonly ctx: AppContext) {}

  async create(
    db: DbOrTx,
    operatorId: number,
    meta: { ip: string; userAgent: string },
  ): Promise<{ token: string; sessionId: number }> {
    const now = this.ctx.clock.now();
    const token = `${OPERATOR_TOKEN_PREFIX}${newToken()}`;
    const sessionId = await operatorSessionRepo.insert(db, {
      operatorId,
      tokenHash: sha256Hex(token),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.ctx.config.operators.sessionMaxHours * 3_600_000),
    });
    return { token, sessionId };
  }

  async authenticate(token: string | undefined): Promise<OperatorAuthenticated> {
    if (!token || token.length > 100 || !token.startsWith(OPERATOR_TOKEN_PREFIX)) throw new AppError('SESSION_EXPIRED');
    const found = await operatorSessionRepo.withOperatorByHash(this.ctx.db, sha256Hex(token));
    if (!found || found.session.revokedAt || found.operator.disabledAt) throw new AppError('SESSION_EXPIRED');
    const { session, operator } = found;
    const now = this.ctx.clock.now().getTime();
    const lastSeenAt = session.lastSeenAt.getTime();
    if (
      now >= session.expiresAt.getTime() ||
      now >= lastSeenAt + this.ctx.config.operators.sessionIdleMinutes * 60_000
    ) {
      throw new AppError('SESSION_EXPIRED');
    }
    if (now - lastSeenAt >= TOUCH_INTERVAL_MS) await operatorSessionRepo.touch(this.ctx.db, session.id, new Date(now));
    return {
      sessionId: session.id,
      operator: { id: operator.id, email: operator.email, role: operator.role as OperatorRole },
    };
  }

  async revoke(db: DbOrTx, sessionId: number): Promise<void> {
    await operatorSessionRepo.revoke(db, sessionId, this.ctx.clock.now());
  }

  async revokeAllOf(db: DbOrTx, operatorId: number): Promise<void> {
    await operatorSessionRepo.revokeAllOf(db, operatorId, this.ctx.clock.now());
  }
}

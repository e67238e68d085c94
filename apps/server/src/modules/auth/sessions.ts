import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newToken, sha256Hex } from '../../lib/secrets';
import type { Authenticated, Authenticator, SessionMeta } from '../../plugins/session';
import { sessionRepo } from './repository';

/** last_seen_at is written at most this often, so reads do not become writes. */
const TOUCH_INTERVAL_MS = 60_000;

/** Opaque 256-bit tokens, stored as SHA-256; idle and absolute expiry. */
export class SessionService implements Authenticator {
  constructor(private readonly ctx: AppContext) {}

  async create(db: DbOrTx, userId: number, meta: SessionMeta): Promise<string> {
    const now = this.ctx.clock.now();
    const token = newToken();
    await sessionRepo.insert(db, {
      userId,
      tokenHash: sha256Hex(token),
      origin: meta.origin,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.ctx.config.sessionMaxDays * 86_400_000),
    });
    return token;
  }

  /** The session's user, or SESSION_EXPIRED (code 301). */
  async authenticate(token: string | undefined): Promise<Authenticated> {
    if (!token || token.length > 100) throw new AppError('SESSION_EXPIRED');
    const found = await sessionRepo.withUserByHash(this.ctx.db, sha256Hex(token));
    const now = this.ctx.clock.now().getTime();
    if (!found || found.session.revokedAt) throw new AppError('SESSION_EXPIRED');
    const { session, user } = found;
    const idleLimit = session.lastSeenAt.getTime() + this.ctx.config.sessionIdleMinutes * 60_000;
    if (now >= session.expiresAt.getTime() || now >= idleLimit) throw new AppError('SESSION_EXPIRED');
    if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await sessionRepo.touch(this.ctx.db, session.id, new Date(now));
    return { sessionId: session.id, user };
  }

  async revoke(sessionId: number): Promise<void> {
    await sessionRepo.revoke(this.ctx.db, sessionId, this.ctx.clock.now());
  }

  async revokeAll(db: DbOrTx, userId: number): Promise<void> {
    await sessionRepo.revokeAllOfUser(db, userId, this.ctx.clock.now());
  }
}

import { parseHeaderLang, type HeaderLang } from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newToken, sha256Hex } from '../../lib/secrets';
import type { Authenticated, Authenticator, MessageLanguages, SessionMeta } from '../../plugins/session';
import { userRepo } from '../users';
import { sessionRepo } from './repository';

/** last_seen_at is written at most this often, so reads do not become writes. */
const TOUCH_INTERVAL_MS = 60_000;

/** Sessions kept in memory at most (the oldest go first). */
const CACHE_MAX_ENTRIES = 50_000;

interface CachedSession {
  auth: Authenticated;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
  /** The language of the session's latest request, as stored. */
  lang: string | null;
}

/**
 * Opaque 256-bit tokens, stored as SHA-256; idle and absolute expiry.
 *
 * A session read from the database is kept in memory for `SESSION_CACHE_MS` (docs/decisions/0024-session-cache.md),
 * so an authenticated read does not cost a query: a query was most of such a
 * request's cost, and on PGlite a query alone takes longer than a bare HTTP answer. Within this
 * process a logout, a revocation or a change of the user is seen at once: `forgetUser` drops the
 * user's entries and keeps the user uncached for one cache period, so a read that raced the
 * change cannot put the old row back. Another process sees it within one cache period. Expiry,
 * idle expiry and the 60 s touch are checked on every request as before; secrets (password and
 * fund-password hashes) are never checked against this copy: the users module reads them fresh.
 */
export class SessionService implements Authenticator, MessageLanguages {
  private readonly cache = new Map<string, CachedSession>();
  private readonly uncachedUntil = new Map<number, number>();

  constructor(private readonly ctx: AppContext) {}

  private get cacheMs(): number {
    return this.ctx.config.sessionCacheMs;
  }

  /**
   * Drops what this process remembers of a user's sessions, before a change to the user or their
   * sessions is written (a rolled-back change only costs a query).
   */
  forgetUser(userId: number): void {
    if (this.cacheMs === 0) return;
    const now = this.ctx.clock.now().getTime();
    this.uncachedUntil.set(userId, now + this.cacheMs);
    for (const [hash, entry] of this.cache) if (entry.auth.user.id === userId) this.cache.delete(hash);
    for (const [id, until] of this.uncachedUntil) if (until <= now) this.uncachedUntil.delete(id);
  }

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
      lang: meta.lang,
    });
    return token;
  }

  /**
   * The language a message to the user goes out in: the `lang` of their latest request, kept with
   * the session that made it (the session used last wins, to within the minute last_seen_at is
   * written in); else the profile's language; else English.
   */
  async messageLanguageOf(userId: number): Promise<HeaderLang> {
    const latest = await sessionRepo.latestLang(this.ctx.db, userId);
    if (latest) return parseHeaderLang(latest);
    return parseHeaderLang((await userRepo.byId(this.ctx.db, userId))?.language);
  }

  /**
   * The session's user, or SESSION_EXPIRED (code 301). A request in another language than the
   * session's last (`lang`) stores it, and makes the session the one used last.
   */
  async authenticate(token: string | undefined, lang?: HeaderLang): Promise<Authenticated> {
    if (!token || token.length > 100) throw new AppError('SESSION_EXPIRED');
    const hash = sha256Hex(token);
    const now = this.ctx.clock.now().getTime();
    const idleMs = this.ctx.config.sessionIdleMinutes * 60_000;
    const hit = this.cache.get(hash);
    if (hit) {
      // Fresh enough, unexpired, and not due for a touch: no query.
      if (
        now - hit.cachedAt < this.cacheMs &&
        now < hit.expiresAt &&
        now < hit.lastSeenAt + idleMs &&
        now - hit.lastSeenAt <= TOUCH_INTERVAL_MS
      ) {
        if (lang !== undefined && hit.lang !== lang) {
          await sessionRepo.setLang(this.ctx.db, hit.auth.sessionId, lang, new Date(now));
          hit.lang = lang;
          hit.lastSeenAt = now;
        }
        return hit.auth;
      }
      this.cache.delete(hash);
    }
    const found = await sessionRepo.withUserByHash(this.ctx.db, hash);
    // A locked user's sessions were ended with the lock; one made by a login that raced it ends here.
    if (!found || found.session.revokedAt || found.user.lockedAt) throw new AppError('SESSION_EXPIRED');
    const { session, user } = found;
    let lastSeenAt = session.lastSeenAt.getTime();
    const expiresAt = session.expiresAt.getTime();
    if (now >= expiresAt || now >= lastSeenAt + idleMs) throw new AppError('SESSION_EXPIRED');
    let sessionLang = session.lang;
    if (lang !== undefined && sessionLang !== lang) {
      await sessionRepo.setLang(this.ctx.db, session.id, lang, new Date(now));
      sessionLang = lang;
      lastSeenAt = now;
    } else if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
      await sessionRepo.touch(this.ctx.db, session.id, new Date(now));
      lastSeenAt = now;
    }
    const auth: Authenticated = { sessionId: session.id, user: Object.freeze(user) };
    if (this.cacheMs > 0 && !((this.uncachedUntil.get(user.id) ?? 0) > this.ctx.clock.now().getTime())) {
      if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(hash, { auth, expiresAt, lastSeenAt, cachedAt: now, lang: sessionLang });
    }
    return auth;
  }

  async revoke(userId: number, sessionId: number): Promise<void> {
    this.forgetUser(userId);
    await sessionRepo.revoke(this.ctx.db, sessionId, this.ctx.clock.now());
  }

  /** The user's live sessions (not revoked, not expired), newest first: the back office shows them. */
  async liveOf(userId: number) {
    return sessionRepo.liveOfUser(this.ctx.db, userId, this.ctx.clock.now());
  }

  async revokeAll(db: DbOrTx, userId: number): Promise<void> {
    this.forgetUser(userId);
    await sessionRepo.revokeAllOfUser(db, userId, this.ctx.clock.now());
  }
}

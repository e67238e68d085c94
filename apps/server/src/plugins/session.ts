import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { LOGIN_ORIGINS, TYPE_USERS, type HeaderLang, type LoginOrigin, type TypeUser } from '@app/contract';
import type { UserRecord } from '../db/schema';
import { AppError } from '../lib/app-error';
import { idempotencyOf, type IdempotencyRequest } from '../lib/idempotency';

/**
 * The plugin sits below the modules (every module's routes use authOf), so it names what it needs
 * here and imports no module: auth's SessionService is the Authenticator that app.ts passes in.
 */

/** Where a sign-in comes from, recorded with the session it opens. */
export interface SessionMeta {
  origin: LoginOrigin;
  ip: string;
  userAgent: string;
  /** The request's language: the session's first. */
  lang: HeaderLang;
}

/** The live session behind a request's token, and its user. */
export interface Authenticated {
  sessionId: number;
  /** As the users module reads it: the stored row and its manager's UID. */
  user: UserRecord & { managerUid: string | null };
}

/**
 * Turns a `token` header into its session, or throws SESSION_EXPIRED. With `lang` (the request's
 * language), the session remembers it as its latest.
 */
export interface Authenticator {
  authenticate(token: string | undefined, lang?: HeaderLang): Promise<Authenticated>;
}

/**
 * The language a message to a user goes out in: that of the user's latest request (the session
 * used last), whatever the profile says (docs/notifications.md "Language of messages").
 */
export interface MessageLanguages {
  messageLanguageOf(userId: number): Promise<HeaderLang>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of a route that reads one (see `sessionOfRoute`); null otherwise. */
    auth: Authenticated | null;
    /** The ledger this request reads and writes (`typeUser` header; real by default). */
    typeUser: TypeUser;
    loginOrigin: LoginOrigin;
  }
}

/** What a route asks of the `token` header. */
export type SessionNeed = 'required' | 'optional' | 'none';

/**
 * A route's need, read from its OpenAPI security (written by `schema({ auth })` in lib/route.ts):
 * `[{ token: [] }]` requires a session, `[{}, { token: [] }]` reads one if a token is sent. The
 * document and the check therefore cannot disagree.
 */
export function sessionOfRoute(security: unknown): SessionNeed {
  if (!Array.isArray(security)) return 'none';
  const entries = security as Record<string, unknown>[];
  if (!entries.some((s) => s && typeof s === 'object' && 'token' in s)) return 'none';
  return entries.some((s) => s && typeof s === 'object' && Object.keys(s).length === 0) ? 'optional' : 'required';
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function sessionMeta(request: FastifyRequest): SessionMeta {
  return {
    origin: request.loginOrigin,
    ip: request.ip,
    userAgent: header(request, 'user-agent') ?? '',
    lang: request.lang,
  };
}

/**
 * The ledger choice and sessions, checked in `onRequest`, before the body is read or validated.
 * First `typeUser` must be `real` or `demo`, on every request. Then a route that needs a session
 * answers 301 to a caller without one whatever body it sent, so an anonymous caller learns
 * nothing of the route's schema and the client goes to login. One mechanism for every route: an
 * `onRoute` hook reads the route's security (see `sessionOfRoute`) and puts the session check
 * first in the route's own `onRequest` list.
 */
export const sessionPlugin = fp<{ sessions: Authenticator }>(async (app, { sessions }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('typeUser', 'real');
  app.decorateRequest('loginOrigin', 'H5');
  app.addHook('onRequest', async (request) => {
    // Strictly `real` or `demo`; absent means real. Anything else (`Demo`, `test`, `demo,real`) is
    // refused before any handler runs: a request must never move money on a ledger it did not name.
    const typeUser = header(request, 'typeUser');
    if (typeUser !== undefined && !(TYPE_USERS as readonly string[]).includes(typeUser))
      throw new AppError('TYPE_USER_INVALID');
    request.typeUser = (typeUser as TypeUser | undefined) ?? 'real';
    const origin = header(request, 'loginOrigin')?.toUpperCase();
    request.loginOrigin = (LOGIN_ORIGINS as readonly string[]).includes(origin ?? '') ? (origin as LoginOrigin) : 'H5';
  });

  // The envelope plugin's onRequest has read the `lang` header by now (route hooks run after the app's).
  const requireSession = async (request: FastifyRequest) => {
    request.auth = await sessions.authenticate(header(request, 'token'), request.lang);
  };
  const optionalSession = async (request: FastifyRequest) => {
    const token = header(request, 'token');
    if (token) request.auth = await sessions.authenticate(token, request.lang);
  };
  app.addHook('onRoute', (route) => {
    const need = sessionOfRoute(route.schema?.security);
    if (need === 'none') return;
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [need === 'required' ? requireSession : optionalSession, ...own];
  });
});

/** The authenticated user of a route that requires a session. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('SESSION_EXPIRED');
  return request.auth;
}

/** What a money-moving request brings to the money command: who, which ledger, which `Idempotency-Key`. */
export function moneyRequestOf(request: FastifyRequest): {
  userId: number;
  mode: TypeUser;
  idempotency: IdempotencyRequest | null;
} {
  return { userId: authOf(request).user.id, mode: request.typeUser, idempotency: idempotencyOf(request) };
}

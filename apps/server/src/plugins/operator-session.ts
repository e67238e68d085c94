import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ADMIN_API_PREFIX, OPERATOR_ROLES, type OperatorRole } from '@app/contract';
import { AppError } from '../lib/app-error';

/**
 * Operator sessions on the back office's routes (issue 16; docs/security.md "Operators"). Like
 * the user session plugin it imports no module: the operators module's session service is the
 * OperatorAuthenticator app.ts passes in, and it looks tokens up in the operator tables only.
 */

/** The operator behind a request's token, as read on this request. */
export interface OperatorPrincipal {
  id: number;
  email: string;
  role: OperatorRole;
}

export interface OperatorAuthenticated {
  sessionId: number;
  operator: OperatorPrincipal;
}

/** Turns a `token` header into a live operator session, or throws SESSION_EXPIRED. */
export interface OperatorAuthenticator {
  authenticate(token: string | undefined): Promise<OperatorAuthenticated>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The live operator session of an admin route; null on every other route. */
    operatorAuth: OperatorAuthenticated | null;
  }
}

/** The security scheme of admin routes in the OpenAPI document; its scopes are the roles allowed. */
export const OPERATOR_SECURITY = 'operator';

/**
 * The roles a route allows, read from its OpenAPI security (written by `schema({ roles })` in
 * lib/route.ts): `[{ operator: ['admin', …] }]`. Null when the route is not an operator route.
 */
export function rolesOfRoute(security: unknown): OperatorRole[] | null {
  if (!Array.isArray(security)) return null;
  for (const entry of security as unknown[]) {
    if (entry && typeof entry === 'object' && OPERATOR_SECURITY in entry) {
      const roles = (entry as Record<string, unknown>)[OPERATOR_SECURITY];
      if (!Array.isArray(roles)) return [];
      return roles.filter((r): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r as string));
    }
  }
  return null;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * An `onRoute` hook puts the operator check first in each admin route's `onRequest` list, so it
 * runs before the body is read: no live operator session → SESSION_EXPIRED (301), a role the
 * route does not list → OPERATOR_ROLE_FORBIDDEN (403), recorded through `onForbidden` first. A route under /admin/api/ must either
 * declare its roles or be one of `publicPaths` (the sign-in): registering one that does neither
 * fails the start, so no admin route can be left open by forgetting.
 */
export const operatorSessionPlugin = fp<{
  operators: OperatorAuthenticator;
  publicPaths: readonly string[];
  /** Told of every refusal for a role (the audit log records it), before the refusal is answered. */
  onForbidden?: (request: FastifyRequest, auth: OperatorAuthenticated) => Promise<void>;
}>(async (app, { operators, publicPaths, onForbidden }) => {
  app.decorateRequest('operatorAuth', null);
  app.addHook('onRoute', (route) => {
    const roles = rolesOfRoute(route.schema?.security);
    const isAdminPath = route.url.startsWith(ADMIN_API_PREFIX);
    if (roles === null) {
      if (isAdminPath && !publicPaths.includes(route.url))
        throw new Error(`admin route ${route.method} ${route.url} declares no roles`);
      return;
    }
    if (!isAdminPath) throw new Error(`operator route ${route.url} is outside ${ADMIN_API_PREFIX}`);
    if (roles.length === 0) throw new Error(`admin route ${route.url} allows no role`);
    const allowed = new Set<OperatorRole>(roles);
    const requireOperator = async (request: FastifyRequest) => {
      const auth = await operators.authenticate(header(request, 'token'));
      if (!allowed.has(auth.operator.role)) {
        await onForbidden?.(request, auth);
        throw new AppError('OPERATOR_ROLE_FORBIDDEN');
      }
      request.operatorAuth = auth;
    };
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [requireOperator, ...own];
  });
});

/** The operator of an admin route (its onRequest check has passed). */
export function operatorOf(request: FastifyRequest): OperatorAuthenticated {
  if (!request.operatorAuth) throw new AppError('SESSION_EXPIRED');
  return request.operatorAuth;
}

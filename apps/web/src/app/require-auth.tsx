import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSessionStore } from '../lib/session/session-store';
import { currentLayout } from '../lib/routing/layout-mode';
import { safeReturnPath } from '../lib/routing/navigation';
import { layoutHomePath, LOGIN_PATH, loginPathFor } from '../lib/routing/paths';

/**
 * The login guard (docs/product.md §2, §6): a visitor without a token goes to /pages/login/login, which
 * returns them here after logging in (the desktop layout opens its own log-in page for that path).
 * Also applies when the session ends while on the page, except for an expiry in the desktop layout.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const loggedOut = useSessionStore((s) => s.loggedOut);
  const expired = useSessionStore((s) => s.expired);
  const location = useLocation();
  // The desktop layout renews an expired session in a dialog on this page (app/desktop/login-dialog.tsx);
  // the page comes back once the user has logged in again.
  if (!token && expired && currentLayout() === 'desktop') return null;
  if (!token) {
    // After a deliberate logout the next login starts afresh at home.
    return <Navigate to={loggedOut ? LOGIN_PATH : loginPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}

/**
 * The log-in and register pages are for visitors: a logged-in user opening one goes home, or
 * to the page a pending `?redirect=` names (the same target the login itself would use).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeReturnPath(params.get('redirect'), layoutHomePath())} replace />;
  return children;
}

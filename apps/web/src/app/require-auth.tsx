import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../lib/session/session-store';
import { LOGIN_PATH, loginPathFor } from '../lib/routing/paths';

/**
 * The login guard (spec §2, §6): a visitor without a token goes to /pages/login/login, which
 * returns them here after logging in. Also applies when the session ends while on the page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const loggedOut = useSessionStore((s) => s.loggedOut);
  const location = useLocation();
  if (!token) {
    // After a deliberate logout the next login starts afresh at home.
    return <Navigate to={loggedOut ? LOGIN_PATH : loginPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}

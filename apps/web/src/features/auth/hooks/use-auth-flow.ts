import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '@app/contract';
import { syncPreferenceToServer } from '../../../lib/api/update-user';
import { safeReturnPath } from '../../../lib/routing/navigation';
import { layoutHomePath } from '../../../lib/routing/paths';
import { getSession } from '../../../lib/session/session-store';

/**
 * Where the user was going before the login guard stopped them (`?redirect=`), carried
 * along between the log-in, register and verify pages, and where they land afterwards.
 */
export function useAuthFlow() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');

  /** `path` with the pending redirect kept. */
  const withReturn = useCallback(
    (path: string) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path),
    [redirect],
  );

  /**
   * Stores the session, keeps this device's language and theme, and goes on (to the pending
   * redirect or the layout's home), or with `stay`, stays on the page (the desktop log-in dialog).
   */
  const completeLogin = useCallback(
    (result: LoginResult, stay = false) => {
      const { signIn, language, theme } = getSession();
      signIn(result);
      const changes = {
        ...(result.user.language !== language ? { language } : {}),
        ...(result.user.theme !== theme ? { theme } : {}),
      };
      if (Object.keys(changes).length > 0) syncPreferenceToServer(changes);
      if (!stay) navigate(safeReturnPath(redirect, layoutHomePath()), { replace: true });
    },
    [navigate, redirect],
  );

  return { withReturn, completeLogin };
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { LOGIN_PATH } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { toastSuccess } from '../../../lib/feedback/toast';
import { clearDrafts } from '../../../lib/forms/use-draft-state';
import { useLogout } from '../api/logout';

/**
 * Logging out (the profile page after its confirmation, the desktop user menu): the server ends
 * the session, this device forgets it and its drafts and cached answers, and the user lands on
 * the log-in page (the desktop layout opens its own log-in page for that path).
 */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const logOut = useSessionStore((s) => s.logOut);
  const logout = useLogout();
  const signOut = async () => {
    await logout.mutateAsync().catch(() => undefined);
    logOut();
    clearDrafts();
    client.clear();
    toastSuccess(i18n.t('profile.loggedOut'));
    navigate(LOGIN_PATH, { replace: true });
  };
  return { signOut, signingOut: logout.isPending };
}

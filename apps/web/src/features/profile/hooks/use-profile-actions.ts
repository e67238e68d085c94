import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AskConfirm } from '../../../lib/feedback/confirm';
import { i18n } from '../../../lib/i18n';
import { LOGIN_PATH } from '../../../lib/routing/paths';
import { queryClient } from '../../../lib/api/query-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { clearAppCache } from '../../../lib/session/storage';
import { toastSuccess } from '../../../lib/feedback/toast';
import { clearDrafts } from '../../../lib/forms/use-draft-state';
import { useLogout } from '../api/logout';

/** The profile page's two confirmed actions, clearing the cache and logging out; `confirm` asks the user. */
export function useProfileActions(confirm: AskConfirm) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = useSessionStore((s) => s.logOut);
  const logout = useLogout();

  const clearCache = async () => {
    const confirmed = await confirm({
      content: t('profile.clearCacheConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    clearAppCache();
    clearDrafts();
    queryClient.clear();
    if ('caches' in window) {
      const keys = await window.caches.keys().catch(() => [] as string[]);
      await Promise.all(keys.map((k) => window.caches.delete(k))).catch(() => undefined);
    }
    toastSuccess(t('profile.cacheCleared'));
  };

  const logoutConfirmed = async () => {
    const confirmed = await confirm({
      content: t('profile.logoutConfirm'),
      confirmText: t('profile.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await logout.mutateAsync().catch(() => undefined);
    logOut();
    clearDrafts();
    queryClient.clear();
    toastSuccess(i18n.t('profile.loggedOut'));
    navigate(LOGIN_PATH, { replace: true });
  };

  return { clearCache, logout: logoutConfirmed, loggingOut: logout.isPending };
}

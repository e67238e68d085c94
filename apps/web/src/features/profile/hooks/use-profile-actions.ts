import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AskConfirm } from '../../../lib/feedback/confirm';
import { clearCaches } from '../../../lib/session/clear-cache';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useSignOut } from './use-sign-out';

/** The profile page's two confirmed actions, clearing the cache and logging out; `confirm` asks the user. */
export function useProfileActions(confirm: AskConfirm) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { signOut, signingOut } = useSignOut();

  const clearCache = async () => {
    const confirmed = await confirm({
      content: t('profile.clearCacheConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    toastSuccess(t('profile.cacheCleared', { ...(await clearCaches(client)) }));
  };

  const logoutConfirmed = async () => {
    const confirmed = await confirm({
      content: t('profile.logoutConfirm'),
      confirmText: t('profile.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await signOut();
  };

  return { clearCache, logout: logoutConfirmed, loggingOut: signingOut };
}

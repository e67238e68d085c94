import { useNavigate } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, LANGUAGE_NAMES } from '@app/contract';
import { CopyButton } from '../../../components/copy-button';
import {
  IconBroom,
  IconGlobe,
  IconHelp,
  IconIdCard,
  IconInfo,
  IconMoon,
  IconSettings,
  IconShield,
  IconTag,
} from '../../../components/icons';
import { MenuButton, MenuItem, MenuLink, MenuList, MenuSwitch } from '../../../components/menu-list';
import { VersionSwitch } from '../../../components/version-switch';
import { i18n } from '../../../lib/i18n';
import { LOGIN_PATH } from '../../../lib/paths';
import { changeTheme } from '../../../lib/preferences';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../lib/session-store';
import { clearAppCache } from '../../../lib/storage';
import { toastSuccess } from '../../../lib/toast';
import { clearDrafts } from '../../../lib/use-draft-state';
import { useLogout } from '../api/logout';
import { PROFILE_PATHS } from './profile-paths';
import { UserAvatar } from './user-avatar';

/** /pages/profile/index (spec §2 "Profile"). */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const typeUser = useSessionStore((s) => s.typeUser);
  const language = useSessionStore((s) => s.language);
  const theme = useSessionStore((s) => s.theme);
  const logOut = useSessionStore((s) => s.logOut);
  const logout = useLogout();

  const onClearCache = async () => {
    const confirmed = await Dialog.confirm({
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

  const onLogout = async () => {
    const confirmed = await Dialog.confirm({
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

  if (!user) return null;
  const isDemo = typeUser === 'demo';

  return (
    <div className="profile">
      <section className={`profile-card${isDemo ? ' profile-card--demo' : ''}`} aria-labelledby="profile-name">
        <UserAvatar user={user} size={64} />
        <div className="profile-card__body">
          <div className="profile-card__head">
            <h2 id="profile-name" className="profile-card__name">
              {user.nickname}
            </h2>
            <span className={`badge${isDemo ? ' badge--demo' : ' badge--real'}`}>
              <span className="visually-hidden">{t('profile.accountType')}: </span>
              {isDemo ? t('profile.demoAccount') : t('profile.realAccount')}
            </span>
          </div>
          <p className="profile-card__line">
            <span>
              {t('profile.uid')}: <span className="mono">{user.uid}</span>
            </span>
            <CopyButton text={user.uid} label={t('profile.uid')} />
          </p>
          <p className="profile-card__line">
            <span>
              {t('profile.invitationCode')}: <span className="mono">{user.invitationCode}</span>
            </span>
            <CopyButton text={user.invitationCode} label={t('profile.invitationCode')} />
          </p>
        </div>
      </section>

      <VersionSwitch />

      <MenuList label={t('profile.menu')}>
        <MenuLink to={PROFILE_PATHS.kyc} icon={<IconIdCard />} label={t('profile.kyc')} />
        <MenuLink to={PROFILE_PATHS.securityCenter} icon={<IconShield />} label={t('profile.securityCenter')} />
        <MenuLink to={PROFILE_PATHS.accountSettings} icon={<IconSettings />} label={t('profile.accountSettings')} />
        <MenuLink to={PROFILE_PATHS.language} icon={<IconGlobe />} label={t('profile.language')} value={LANGUAGE_NAMES[language]} />
        <MenuSwitch
          icon={<IconMoon />}
          label={t('profile.darkMode')}
          checked={theme === 'dark'}
          onChange={(on) => changeTheme(on ? 'dark' : 'light')}
        />
      </MenuList>

      <MenuList>
        <MenuLink to={PROFILE_PATHS.helpCenter} icon={<IconHelp />} label={t('profile.helpCenter')} />
        <MenuLink to={PROFILE_PATHS.aboutUs} icon={<IconInfo />} label={t('profile.aboutUs')} />
        <MenuItem icon={<IconTag />} label={t('profile.version')} value={APP_VERSION} />
        <MenuButton icon={<IconBroom />} label={t('profile.clearCache')} onClick={onClearCache} />
      </MenuList>

      <Button
        block
        size="large"
        shape="rounded"
        className="logout-button"
        onClick={onLogout}
        loading={logout.isPending}
        loadingText={t('common.processing')}
      >
        {t('profile.logout')}
      </Button>
    </div>
  );
}

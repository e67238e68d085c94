import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, LANGUAGE_NAMES } from '@app/contract';
import { askConfirm } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import {
  IconBroom,
  IconCloud,
  IconGlobe,
  IconHelp,
  IconIdCard,
  IconInfo,
  IconLoan,
  IconMoon,
  IconSavings,
  IconSettings,
  IconShield,
  IconTag,
} from '../../../components/icons';
import { MenuButton, MenuLink, MenuList, MenuSwitch } from '../../../components/menu-list';
import { VersionSwitch } from '../../../components/version-switch';
import { useKycInfo } from '../../../lib/api/kyc-info';
import { changeTheme } from '../../../lib/session/preferences';
import { useSessionStore } from '../../../lib/session/session-store';
import { useProfileActions } from '../hooks/use-profile-actions';
import { PROFILE_PATHS } from './profile-paths';
import { TimeZoneSwitch } from './time-zone-switch';
import { UserAvatar } from './user-avatar';
import '../profile.css';

/** /pages/profile/index (docs/product.md §2 "Profile"). */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const typeUser = useSessionStore((s) => s.typeUser);
  const kyc = useKycInfo();
  const language = useSessionStore((s) => s.language);
  const theme = useSessionStore((s) => s.theme);
  const actions = useProfileActions(askConfirm);

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
        <MenuLink
          to={PROFILE_PATHS.kyc}
          icon={<IconIdCard />}
          label={t('profile.kyc')}
          value={kyc.data ? t(`kyc.states.${kyc.data.state}`) : undefined}
        />
        <MenuLink to={PROFILE_PATHS.securityCenter} icon={<IconShield />} label={t('profile.securityCenter')} />
        <MenuLink to={PROFILE_PATHS.accountSettings} icon={<IconSettings />} label={t('profile.accountSettings')} />
        <MenuLink
          to={PROFILE_PATHS.language}
          icon={<IconGlobe />}
          label={t('profile.language')}
          value={LANGUAGE_NAMES[language]}
        />
        <MenuSwitch
          icon={<IconMoon />}
          label={t('profile.darkMode')}
          checked={theme === 'dark'}
          onChange={(on) => changeTheme(on ? 'dark' : 'light')}
        />
        <TimeZoneSwitch />
      </MenuList>

      <MenuList label={t('profile.products')}>
        <MenuLink to={PROFILE_PATHS.financing} icon={<IconSavings />} label={t('routes.financing')} />
        <MenuLink to={PROFILE_PATHS.loan} icon={<IconLoan />} label={t('routes.loan')} />
      </MenuList>

      <MenuList>
        <MenuLink to={PROFILE_PATHS.helpCenter} icon={<IconHelp />} label={t('profile.helpCenter')} />
        <MenuLink to={PROFILE_PATHS.aboutUs} icon={<IconInfo />} label={t('profile.aboutUs')} />
        <MenuLink to={PROFILE_PATHS.appDownload} icon={<IconCloud />} label={t('routes.appDownload')} />
        <MenuLink to={PROFILE_PATHS.appVersion} icon={<IconTag />} label={t('profile.version')} value={APP_VERSION} />
        <MenuButton icon={<IconBroom />} label={t('profile.clearCache')} onClick={() => void actions.clearCache()} />
      </MenuList>

      <Button
        block
        size="large"
        shape="rounded"
        className="logout-button"
        onClick={() => void actions.logout()}
        loading={actions.loggingOut}
        loadingText={t('common.processing')}
      >
        {t('profile.logout')}
      </Button>
    </div>
  );
}

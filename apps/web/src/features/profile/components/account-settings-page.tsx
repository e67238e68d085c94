import { useTranslation } from 'react-i18next';
import { MenuItem, MenuLink, MenuList } from '../../../components/menu-list';
import { formatPhone } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session/session-store';
import { AvatarPicker } from './avatar-picker';
import { PROFILE_PATHS } from './profile-paths';
import { UserAvatar } from './user-avatar';
import '../profile.css';

/** /pages/profile/account-setting/index: avatar, nickname, e-mail binding, UID and manager (docs/product.md §2, §3, §6). */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  const phone = user.phone ? formatPhone(user.countryCode, user.phone) : null;

  return (
    <div className="settings">
      <div className="avatar-editor">
        <UserAvatar user={user} size={88} />
        <AvatarPicker hintClassName="avatar-editor__hint" />
      </div>

      <MenuList>
        <MenuLink to={PROFILE_PATHS.nickname} label={t('fields.nickname')} value={user.nickname} />
        <MenuLink to={PROFILE_PATHS.email} label={t('account.email')} value={user.email ?? t('account.notBound')} />
        <MenuItem label={t('account.phone')} value={phone ?? t('account.notBound')} />
        <MenuItem label={t('profile.uid')} value={<span className="mono">{user.uid}</span>} />
        {/* The account manager: UID of the user whose invitation code this account registered with. */}
        <MenuItem
          label={t('specTexts.manager')}
          value={user.manager ? <span className="mono">{user.manager}</span> : t('managerRow.none')}
        />
      </MenuList>
    </div>
  );
}

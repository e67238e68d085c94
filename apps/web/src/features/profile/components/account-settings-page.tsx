import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCamera } from '../../../components/icons';
import { MenuItem, MenuLink, MenuList } from '../../../components/menu-list';
import { formatPhone } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session/session-store';
import { useAvatarUpload } from '../hooks/use-avatar-upload';
import { AVATAR_TYPES } from '../model/avatar-file';
import { PROFILE_PATHS } from './profile-paths';
import { UserAvatar } from './user-avatar';
import '../profile.css';

/** /pages/profile/account-setting/index: avatar, nickname, e-mail binding, UID and manager (spec §2, §3, §6). */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { choose, busy } = useAvatarUpload();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // Choosing the same file again must fire change again.
    if (file) void choose(file);
  };

  if (!user) return null;
  const phone = user.phone ? formatPhone(user.countryCode, user.phone) : null;

  return (
    <div className="settings">
      <div className="avatar-editor">
        <UserAvatar user={user} size={88} />
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="visually-hidden"
          onChange={onFile}
          disabled={busy}
          aria-describedby={hintId}
        />
        <label htmlFor={inputId} className={`button button--secondary button--small${busy ? ' is-disabled' : ''}`}>
          <IconCamera size={18} />
          {busy ? t('account.uploading') : t('account.changeAvatar')}
        </label>
        <p id={hintId} className="avatar-editor__hint">
          {t('account.avatarHint')}
        </p>
      </div>

      <MenuList>
        <MenuLink to={PROFILE_PATHS.nickname} label={t('fields.nickname')} value={user.nickname} />
        <MenuLink to={PROFILE_PATHS.email} label={t('account.email')} value={user.email ?? t('account.notBound')} />
        <MenuItem label={t('account.phone')} value={phone ?? t('account.notBound')} />
        <MenuItem label={t('profile.uid')} value={<span className="mono">{user.uid}</span>} />
        {/* The account manager: UID of the user whose invitation code this account registered with. */}
        <MenuItem label={t('specTexts.manager')} value={user.manager ? <span className="mono">{user.manager}</span> : t('managerRow.none')} />
      </MenuList>
    </div>
  );
}

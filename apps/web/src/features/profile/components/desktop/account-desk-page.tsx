import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../../components/menu-list';
import { useKycInfo } from '../../../../lib/api/kyc-info';
import { formatPhone } from '../../../../lib/format';
import { useSessionStore } from '../../../../lib/session/session-store';
import { AvatarPicker } from '../avatar-picker';
import { EmailPage } from '../email-page';
import { NicknamePage } from '../nickname-page';
import { TimeZoneSwitch, useTimeZoneTitle } from '../time-zone-switch';
import { UserAvatar } from '../user-avatar';
import '../../profile.css';
import '../../profile-desktop.css';

/**
 * /pages/desktop/settings/account (docs/product.md §2 "account settings (avatar, nickname, email binding)"):
 * the avatar and the account's identifiers in one panel; the nickname and the e-mail binding
 * edited in place beside it (the mobile pages' forms and hooks), not on pages of their own.
 */
export function AccountDeskPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const kyc = useKycInfo();
  const timeZoneTitle = useTimeZoneTitle();
  if (!user) return null;
  const phone = user.phone ? formatPhone(user.countryCode, user.phone) : null;
  const details: Array<[string, string, boolean]> = [
    [t('fields.nickname'), user.nickname, false],
    [t('account.email'), user.email ?? t('account.notBound'), false],
    [t('account.phone'), phone ?? t('account.notBound'), false],
    [t('profile.uid'), user.uid, true],
    [t('specTexts.manager'), user.manager ?? t('managerRow.none'), user.manager !== null],
    ...(kyc.data ? [[t('profile.kyc'), t(`kyc.states.${kyc.data.state}`), false] as [string, string, boolean]] : []),
  ];

  return (
    <div className="desk-account">
      <section className="desk-panel desk-account__profile" aria-labelledby="desk-account-profile">
        <h2 id="desk-account-profile" className="desk-panel__title">
          {t('account.avatar')}
        </h2>
        <div className="desk-account__avatar">
          <UserAvatar user={user} size={72} />
          <div>
            <AvatarPicker hintClassName="desk-note" />
          </div>
        </div>
        <dl className="desk-details">
          {details.map(([label, value, mono]) => (
            <div key={label} className="desk-details__row">
              <dt>{label}</dt>
              <dd className={mono ? 'mono' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="desk-account__forms">
        <section className="desk-panel" aria-labelledby="desk-account-nickname">
          <h2 id="desk-account-nickname" className="desk-panel__title">
            {t('fields.nickname')}
          </h2>
          <NicknamePage />
        </section>
        <section className="desk-panel" aria-labelledby="desk-account-email">
          <h2 id="desk-account-email" className="desk-panel__title">
            {user.email ? t('account.changeEmail') : t('account.bindEmail')}
          </h2>
          <EmailPage />
        </section>
        <section className="desk-panel" aria-labelledby="desk-account-time-zone">
          <h2 id="desk-account-time-zone" className="desk-panel__title">
            {timeZoneTitle}
          </h2>
          <MenuList>
            <TimeZoneSwitch />
          </MenuList>
        </section>
      </div>
    </div>
  );
}

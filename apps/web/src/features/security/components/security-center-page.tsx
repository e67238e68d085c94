import { useTranslation } from 'react-i18next';
import { IconKey, IconLock, IconShield } from '../../../components/icons';
import { MenuLink, MenuList } from '../../../components/menu-list';
import { useSecurityStatus } from '../hooks/use-security-status';
import { SECURITY_PATHS } from './security-paths';
import '../security.css';
import '../../../lib/i18n/security-namespace';

/** /pages/profile/security-center/index */
export function SecurityCenterPage() {
  const { t } = useTranslation();
  const { hasFundPassword } = useSecurityStatus();
  return (
    <div className="settings">
      <MenuList label={t('routes.securityCenter')}>
        <MenuLink
          to={SECURITY_PATHS.changePassword}
          icon={<IconLock />}
          label={t('security.loginPassword')}
          hint={t('security.loginPasswordHint')}
        />
        <MenuLink
          to={SECURITY_PATHS.resetPassword}
          icon={<IconKey />}
          label={t('security.resetPassword')}
          hint={t('security.resetPasswordHint')}
        />
        <MenuLink
          to={SECURITY_PATHS.paymentPassword}
          icon={<IconShield />}
          label={t('security.fundPassword')}
          hint={t('security.fundPasswordHint')}
          value={
            <span className={`status${hasFundPassword ? ' status--ok' : ' status--warn'}`}>
              {hasFundPassword ? t('security.isSet') : t('common.notSet')}
            </span>
          }
        />
        {hasFundPassword ? (
          <MenuLink
            to={SECURITY_PATHS.forgotFundPassword}
            icon={<IconKey />}
            label={t('security.forgotFundPassword')}
            hint={t('security.forgotFundPasswordHint')}
          />
        ) : null}
      </MenuList>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconChevronRight, IconMail, IconPhone } from '../../../components/icons';
import { AuthHeader } from './auth-header';
import { AUTH_PATHS } from './auth-paths';
import '../auth.css';

/** /pages/forgot-password/index: reset by phone or by e-mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const options = [
    { to: AUTH_PATHS.findByPhone, Icon: IconPhone, title: t('auth.resetByPhone'), hint: t('auth.resetByPhoneHint') },
    { to: AUTH_PATHS.findByEmail, Icon: IconMail, title: t('auth.resetByEmail'), hint: t('auth.resetByEmailHint') },
  ];
  return (
    <div className="auth">
      <AuthHeader title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} />
      <ul className="choice-list">
        {options.map(({ to, Icon, title, hint }) => (
          <li key={to}>
            <Link to={to} className="choice">
              <span className="choice__icon">
                <Icon />
              </span>
              <span className="choice__text">
                <span className="choice__title">{title}</span>
                <span className="choice__hint">{hint}</span>
              </span>
              <IconChevronRight size={18} className="choice__chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

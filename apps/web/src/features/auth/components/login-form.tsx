import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { PasswordField } from '../../../components/password-field';
import { SegmentedNav } from '../../../components/segmented-nav';
import { SubmitButton } from '../../../components/submit-button';
import { toastSuccess } from '../../../lib/toast';
import { useDraftState } from '../../../lib/use-draft-state';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkEmail, checkPhone, checkRequired, collectErrors } from '../../../lib/validation';
import { useLogin } from '../api/login';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useSelectedCountry } from '../hooks/use-selected-country';
import { AuthHeader } from './auth-header';
import { AccountField } from './account-field';
import { AUTH_PATHS } from './auth-paths';

type Field = 'account' | 'password';

/** Log in by phone (/pages/login/login) or e-mail (/pages/login/email-login). */
function LoginForm({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const { withReturn, completeLogin } = useAuthFlow();
  const country = useSelectedCountry((s) => s.country);
  const [account, setAccount] = useDraftState(`login.${type}`, '');
  const [password, setPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const login = useLogin();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = report(
      collectErrors<Field>({
        account: type === 'email' ? checkEmail(account) : checkPhone(country.dialCode, account),
        password: checkRequired(password),
      }),
    );
    if (invalid) return;
    const identity =
      type === 'email'
        ? { type, email: account.trim() }
        : { type, countryCode: country.dialCode, phone: account.replace(/[^0-9]/g, '') };
    login.mutate(
      { ...identity, password },
      {
        onSuccess: (result) => {
          toastSuccess(t('auth.loggedIn'));
          completeLogin(result);
        },
      },
    );
  };

  return (
    <div className="auth">
      <AuthHeader title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      <SegmentedNav
        label={t('auth.loginMethod')}
        items={[
          { to: withReturn(AUTH_PATHS.loginPhone), label: t('auth.byPhone'), active: type === 'phone' },
          { to: withReturn(AUTH_PATHS.loginEmail), label: t('auth.byEmail'), active: type === 'email' },
        ]}
      />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <AccountField
          type={type}
          autoComplete="username"
          value={account}
          onChange={edit('account', setAccount)}
          error={errors.account}
        />
        <PasswordField
          label={t('fields.password')}
          placeholder={t('fields.loginPasswordPlaceholder')}
          autoComplete="current-password"
          value={password}
          onChange={edit('password', setPassword)}
          error={errors.password}
        />
        <div className="form__aside">
          <Link className="link" to={AUTH_PATHS.forgot}>
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <SubmitButton loading={login.isPending}>{t('auth.logIn')}</SubmitButton>
      </form>
      <p className="auth__switch">
        {t('auth.noAccount')}{' '}
        <Link className="link link--strong" to={withReturn(type === 'email' ? AUTH_PATHS.registerEmail : AUTH_PATHS.registerPhone)}>
          {t('auth.registerNow')}
        </Link>
      </p>
    </div>
  );
}

export function LoginPhonePage() {
  return <LoginForm type="phone" />;
}

export function LoginEmailPage() {
  return <LoginForm type="email" />;
}

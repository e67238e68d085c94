import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { PasswordField } from '../../../components/password-field';
import { SegmentedNav } from '../../../components/segmented-nav';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useLoginForm } from '../hooks/use-login-form';
import { AuthHeader } from './auth-header';
import { AccountField } from './account-field';
import { AUTH_PATHS } from './auth-paths';
import { CountryChoiceInPlace } from './country-code-button';
import { CountryList } from './select-country-page';
import '../auth.css';

/** The log-in fields and button; with `stay`, logging in keeps the user on the page. */
function LoginFields({ type, stay = false }: { type: AccountType; stay?: boolean }) {
  const { t } = useTranslation();
  const form = useLoginForm(type, { stay });
  const { errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      onSubmit={onSubmit}
      onFocus={form.warmChecks}
      onPointerDown={form.warmChecks}
    >
      <AccountField
        type={type}
        autoComplete="username"
        value={form.account}
        onChange={form.setAccount}
        error={errors.account}
      />
      <PasswordField
        label={t('fields.password')}
        placeholder={t('fields.loginPasswordPlaceholder')}
        autoComplete="current-password"
        value={form.password}
        onChange={form.setPassword}
        error={errors.password}
      />
      <div className="form__aside">
        <Link className="link" to={AUTH_PATHS.forgot}>
          {t('auth.forgotPassword')}
        </Link>
      </div>
      <SubmitButton loading={form.pending}>{t('auth.logIn')}</SubmitButton>
    </form>
  );
}

/** Log in by phone (/pages/login/login) or e-mail (/pages/login/email-login). */
function LoginForm({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const { withReturn } = useAuthFlow();

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
      <LoginFields type={type} />
      <p className="auth__switch">
        {t('auth.noAccount')}{' '}
        <Link
          className="link link--strong"
          to={withReturn(type === 'email' ? AUTH_PATHS.registerEmail : AUTH_PATHS.registerPhone)}
        >
          {t('auth.registerNow')}
        </Link>
      </p>
    </div>
  );
}

/**
 * Log in again where the user is (the desktop dialog after a session expiry, docs/product.md §8): phone or
 * e-mail and the country switched in place, and logging in keeps the page.
 */
export function LoginPanel() {
  const { t } = useTranslation();
  const [type, setType] = useState<AccountType>('email');
  const [choosingCountry, setChoosingCountry] = useState(false);
  const countryButton = useRef<HTMLElement | null>(null);
  const openCountries = () => {
    countryButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setChoosingCountry(true);
  };
  const back = () => {
    setChoosingCountry(false);
    // The form again (what was typed kept), the focus on the country button the user came from.
    requestAnimationFrame(() => countryButton.current?.focus());
  };
  return (
    <div className="auth">
      {choosingCountry ? (
        <>
          <button type="button" className="link" onClick={back}>
            {t('app.back')}
          </button>
          <CountryList onChosen={back} />
        </>
      ) : null}
      <div className="auth" hidden={choosingCountry}>
        <div className="segmented" role="group" aria-label={t('auth.loginMethod')}>
          {(['phone', 'email'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`segmented__item${option === type ? ' is-active' : ''}`}
              aria-pressed={option === type}
              onClick={() => setType(option)}
            >
              {option === 'phone' ? t('auth.byPhone') : t('auth.byEmail')}
            </button>
          ))}
        </div>
        <CountryChoiceInPlace.Provider value={openCountries}>
          <LoginFields key={type} type={type} stay />
        </CountryChoiceInPlace.Provider>
      </div>
    </div>
  );
}

export function LoginPhonePage() {
  return <LoginForm type="phone" />;
}

export function LoginEmailPage() {
  return <LoginForm type="email" />;
}

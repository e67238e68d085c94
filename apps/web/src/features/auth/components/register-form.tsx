import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SegmentedNav } from '../../../components/segmented-nav';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { INVITATION_CODE_MAX_LENGTH, useRegisterForm } from '../hooks/use-register-form';
import { AuthHeader } from './auth-header';
import { PATHS } from '../../../lib/routing/paths';
import { AUTH_PATHS } from './auth-paths';
import { AccountField } from './account-field';
import '../auth.css';

/**
 * Step one of registration (docs/product.md §2): account, password, confirmation, optional invitation
 * code (state and submit in useRegisterForm).
 */
function RegisterForm({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const form = useRegisterForm(type);
  const { withReturn, errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <div className="auth">
      <AuthHeader title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
      <SegmentedNav
        label={t('auth.registerMethod')}
        items={[
          { to: withReturn(AUTH_PATHS.registerPhone), label: t('auth.byPhone'), active: type === 'phone' },
          { to: withReturn(AUTH_PATHS.registerEmail), label: t('auth.byEmail'), active: type === 'email' },
        ]}
      />
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
          autoComplete="email"
          value={form.account}
          onChange={form.setAccount}
          error={errors.account}
        />
        <NewPasswordFields
          passwordLabel={t('fields.password')}
          confirmLabel={t('fields.confirmPassword')}
          password={form.password}
          confirm={form.confirmPassword}
          onPasswordChange={form.setPassword}
          onConfirmChange={form.setConfirmPassword}
          passwordError={errors.password}
          confirmError={errors.confirmPassword}
        />
        <TextField
          label={t('fields.invitationCode')}
          optional
          placeholder={t('fields.invitationCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={INVITATION_CODE_MAX_LENGTH}
          value={form.invitationCode}
          onChange={form.setInvitationCode}
        />
        <p className="auth__terms">
          {t('auth.terms.before')}
          <Link className="link" to={`${PATHS.privacyPolicy}?tab=agreement`}>
            {t('auth.terms.agreement')}
          </Link>
          {t('auth.terms.between')}
          <Link className="link" to={PATHS.privacyPolicy}>
            {t('auth.terms.privacy')}
          </Link>
          {t('auth.terms.after')}
        </p>
        <SubmitButton loading={form.pending}>{t('common.next')}</SubmitButton>
      </form>
      <p className="auth__switch">
        {t('auth.haveAccount')}{' '}
        <Link
          className="link link--strong"
          to={withReturn(type === 'email' ? AUTH_PATHS.loginEmail : AUTH_PATHS.loginPhone)}
        >
          {t('auth.logInNow')}
        </Link>
      </p>
    </div>
  );
}

export function RegisterPhonePage() {
  return <RegisterForm type="phone" />;
}

export function RegisterEmailPage() {
  return <RegisterForm type="email" />;
}

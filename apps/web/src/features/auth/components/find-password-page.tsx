import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { useFindPassword } from '../hooks/use-find-password';
import { AuthHeader } from './auth-header';
import { AccountField } from './account-field';
import '../auth.css';

/** The reset form: account, code (60 s resend), new password twice (the desktop page hosts it too). */
export function FindPasswordForm({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const form = useFindPassword(type);
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
      <CodeField
        value={form.code}
        onChange={form.setCode}
        error={errors.code}
        countdownKey={form.countdownKey}
        onSend={form.sendCode}
      />
      <NewPasswordFields
        passwordLabel={t('fields.newPassword')}
        confirmLabel={t('fields.confirmNewPassword')}
        password={form.password}
        confirm={form.confirmPassword}
        onPasswordChange={form.setPassword}
        onConfirmChange={form.setConfirmPassword}
        passwordError={errors.password}
        confirmError={errors.confirmPassword}
      />
      <SubmitButton loading={form.pending}>{t('auth.resetPassword')}</SubmitButton>
    </form>
  );
}

/** /pages/findPwd/phone-find and email-find. */
function FindPassword({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  return (
    <div className="auth">
      <AuthHeader title={t('auth.forgotTitle')} />
      <FindPasswordForm type={type} />
    </div>
  );
}

export function PhoneFindPage() {
  return <FindPassword type="phone" />;
}

export function EmailFindPage() {
  return <FindPassword type="email" />;
}

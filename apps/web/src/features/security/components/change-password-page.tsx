import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { useChangePasswordForm } from '../hooks/use-change-password';
import { SECURITY_PATHS } from './security-paths';
import '../../../lib/i18n/security-namespace';

/** /pages/profile/security-center/change-password */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const form = useChangePasswordForm();
  const { errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <PasswordField
        label={t('fields.oldPassword')}
        placeholder={t('fields.oldPasswordPlaceholder')}
        autoComplete="current-password"
        value={form.oldPassword}
        onChange={form.setOldPassword}
        error={errors.oldPassword}
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
      <div className="form__aside">
        <Link className="link" to={SECURITY_PATHS.resetPassword}>
          {t('security.forgotLoginLink')}
        </Link>
      </div>
      <SubmitButton loading={form.pending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

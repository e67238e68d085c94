import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkConfirmation, checkNewPassword, checkRequired, collectErrors } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';
import { SECURITY_PATHS } from './security-paths';

type Field = 'oldPassword' | 'password' | 'confirmPassword';

/** /pages/profile/security-center/change-password */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const change = useChangePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = report(
      collectErrors<Field>({
        oldPassword: checkRequired(oldPassword),
        password: checkNewPassword(password),
        confirmPassword: checkConfirmation(password, confirmPassword),
      }),
    );
    if (invalid) return;
    change.mutate(
      { oldPassword, password, confirmPassword },
      {
        onSuccess: () => {
          toastSuccess(t('security.passwordChanged'));
          navigate(SECURITY_PATHS.center, { replace: true });
        },
      },
    );
  };

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <PasswordField
        label={t('fields.oldPassword')}
        placeholder={t('fields.oldPasswordPlaceholder')}
        autoComplete="current-password"
        value={oldPassword}
        onChange={edit('oldPassword', setOldPassword)}
        error={errors.oldPassword}
      />
      <NewPasswordFields
        passwordLabel={t('fields.newPassword')}
        confirmLabel={t('fields.confirmNewPassword')}
        password={password}
        confirm={confirmPassword}
        onPasswordChange={edit('password', setPassword)}
        onConfirmChange={edit('confirmPassword', setConfirmPassword)}
        passwordError={errors.password}
        confirmError={errors.confirmPassword}
      />
      <SubmitButton loading={change.isPending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

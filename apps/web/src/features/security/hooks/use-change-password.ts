import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkConfirmation, checkNewPassword, checkRequired, collectErrors } from '../../../lib/forms/validation';
import { useChangePassword as useChangePasswordRequest } from '../api/change-password';
import { SECURITY_PATHS } from '../components/security-paths';
import { newPasswordFailure } from './password-pair-failure';
import '../../../lib/i18n/security-namespace';

type Field = 'oldPassword' | 'password' | 'confirmPassword';

/** Changes the login password (current one, new one twice), then back to the security center. */
export function useChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const change = useChangePasswordRequest();

  const submit = () => {
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
        // The fund password is refused as the login password (FUND_PASSWORD_SAME_AS_LOGIN): said at the field.
        onError: (error) => {
          const message = newPasswordFailure(error);
          if (message) report({ password: message });
        },
      },
    );
  };

  return {
    oldPassword,
    setOldPassword: edit('oldPassword', setOldPassword),
    password,
    setPassword: edit('password', setPassword),
    confirmPassword,
    setConfirmPassword: edit('confirmPassword', setConfirmPassword),
    errors,
    formRef,
    submit,
    pending: change.isPending,
  };
}

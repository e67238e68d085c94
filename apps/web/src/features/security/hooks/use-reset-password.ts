import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkConfirmation, checkNewPassword, checkOtp, collectErrors } from '../../../lib/forms/validation';
import { useResetPassword as useResetPasswordRequest } from '../api/reset-password';
import { SECURITY_PATHS } from '../components/security-paths';
import { newPasswordFailure } from './password-pair-failure';
import { useOwnContact } from './use-own-contact';
import '../../../lib/i18n/security-namespace';

type Field = 'code' | 'password' | 'confirmPassword';

/**
 * The signed-in reset of the login password (/pages/profile/reset-password): a forgot_password code
 * sent to the account's own e-mail or phone instead of the current password, the new password twice;
 * then back to the security center with the fresh token the answer brings.
 */
export function useResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const own = useOwnContact('forgot_password', () => setCode(''));
  const reset = useResetPasswordRequest();

  const submit = () => {
    const invalid = report(
      collectErrors<Field>({
        code: checkOtp(code),
        password: checkNewPassword(password),
        confirmPassword: checkConfirmation(password, confirmPassword),
      }),
    );
    if (invalid) return;
    reset.mutate(
      { channel: own.channel, code, password, confirmPassword },
      {
        onSuccess: () => {
          toastSuccess(t('security.passwordReset'));
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
    ...own,
    code,
    setCode: edit('code', setCode),
    password,
    setPassword: edit('password', setPassword),
    confirmPassword,
    setConfirmPassword: edit('confirmPassword', setConfirm),
    errors,
    formRef,
    submit,
    pending: reset.isPending,
  };
}

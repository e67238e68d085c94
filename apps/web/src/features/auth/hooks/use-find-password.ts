import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { otpCountdownKey } from '../../../lib/forms/otp-countdown';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useDraftState } from '../../../lib/forms/use-draft-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { collectErrors } from '../../../lib/forms/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { AUTH_PATHS } from '../components/auth-paths';
import { accountIdentity, codeDestination, phoneDigits } from '../model/account-identity';
import { authChecksOrToast, warmAuthChecks } from '../model/load-checks';
import { useSelectedCountry } from './use-selected-country';

type Field = 'account' | 'code' | 'password' | 'confirmPassword';

/** Password reset by phone or e-mail: account, code (60 s resend), new password twice. */
export function useFindPassword(type: AccountType) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const country = useSelectedCountry((s) => s.country);
  const [account, setAccount] = useDraftState(`find.${type}`, '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const reset = useForgotPassword();

  // The send button takes a pending send or null. The checks load first, so this is always a
  // pending send, which fails (the field's error or the load failure already shown) when it cannot go.
  const sendCode = () =>
    authChecksOrToast().then((checks) => {
      if (!checks) throw new Error('auth checks not loaded');
      const problem = checks.checkAccount(type, country.dialCode, account);
      if (problem) {
        report({ account: problem });
        throw new Error(problem);
      }
      return type === 'email'
        ? sendOtp({ email: account.trim(), purpose: 'forgot_password' })
        : sendSmsOtp({ countryCode: country.dialCode, phone: phoneDigits(account), purpose: 'forgot_password' });
    });

  const submit = async () => {
    const checks = await authChecksOrToast();
    if (!checks) return;
    const invalid = report(
      collectErrors<Field>({
        account: checks.checkAccount(type, country.dialCode, account),
        code: checks.checkOtp(code),
        password: checks.checkNewPassword(password),
        confirmPassword: checks.checkConfirmation(password, confirmPassword),
      }),
    );
    if (invalid) return;
    reset.mutate(
      { ...accountIdentity(type, country.dialCode, account), code, password, confirmPassword },
      {
        onSuccess: () => {
          toastSuccess(t('auth.passwordReset'));
          navigate(type === 'email' ? AUTH_PATHS.loginEmail : AUTH_PATHS.loginPhone, { replace: true });
        },
      },
    );
  };

  return {
    account,
    setAccount: edit('account', setAccount),
    code,
    setCode: edit('code', setCode),
    password,
    setPassword: edit('password', setPassword),
    confirmPassword,
    setConfirmPassword: edit('confirmPassword', setConfirmPassword),
    errors,
    formRef,
    countdownKey: otpCountdownKey(codeDestination(type, country.dialCode, account)),
    sendCode,
    submit,
    warmChecks: warmAuthChecks,
    pending: reset.isPending,
  };
}

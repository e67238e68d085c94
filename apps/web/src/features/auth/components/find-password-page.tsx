import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { otpCountdownKey } from '../../../lib/otp-countdown';
import { toastSuccess } from '../../../lib/toast';
import { useDraftState } from '../../../lib/use-draft-state';
import { useFormErrors } from '../../../lib/use-form-errors';
import {
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkOtp,
  checkPhone,
  collectErrors,
} from '../../../lib/validation';
import { useForgotPassword } from '../api/forgot-password';
import { useSelectedCountry } from '../hooks/use-selected-country';
import { AuthHeader } from './auth-header';
import { AUTH_PATHS } from './auth-paths';
import { AccountField } from './account-field';

type Field = 'account' | 'code' | 'password' | 'confirmPassword';

/** /pages/findPwd/phone-find and email-find: account, code (60 s resend), new password twice. */
function FindPassword({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const country = useSelectedCountry((s) => s.country);
  const [account, setAccount] = useDraftState(`find.${type}`, '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const reset = useForgotPassword();

  const phoneDigits = account.replace(/[^0-9]/g, '');
  const checkAccount = () => (type === 'email' ? checkEmail(account) : checkPhone(country.dialCode, account));
  const countdownKey = otpCountdownKey(type === 'email' ? account : `+${country.dialCode}${phoneDigits}`);

  const onSend = () => {
    const problem = checkAccount();
    if (problem) {
      report({ account: problem });
      return null;
    }
    return type === 'email'
      ? sendOtp({ email: account.trim(), purpose: 'forgot_password' })
      : sendSmsOtp({ countryCode: country.dialCode, phone: phoneDigits, purpose: 'forgot_password' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = report(
      collectErrors<Field>({
        account: checkAccount(),
        code: checkOtp(code),
        password: checkNewPassword(password),
        confirmPassword: checkConfirmation(password, confirmPassword),
      }),
    );
    if (invalid) return;
    const identity =
      type === 'email' ? { type, email: account.trim() } : { type, countryCode: country.dialCode, phone: phoneDigits };
    reset.mutate(
      { ...identity, code, password, confirmPassword },
      {
        onSuccess: () => {
          toastSuccess(t('auth.passwordReset'));
          navigate(type === 'email' ? AUTH_PATHS.loginEmail : AUTH_PATHS.loginPhone, { replace: true });
        },
      },
    );
  };

  return (
    <div className="auth">
      <AuthHeader title={t('auth.forgotTitle')} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <AccountField
          type={type}
          autoComplete="username"
          value={account}
          onChange={edit('account', setAccount)}
          error={errors.account}
        />
        <CodeField
          value={code}
          onChange={edit('code', setCode)}
          error={errors.code}
          countdownKey={countdownKey}
          onSend={onSend}
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
        <SubmitButton loading={reset.isPending}>{t('auth.resetPassword')}</SubmitButton>
      </form>
    </div>
  );
}

export function PhoneFindPage() {
  return <FindPassword type="phone" />;
}

export function EmailFindPage() {
  return <FindPassword type="email" />;
}

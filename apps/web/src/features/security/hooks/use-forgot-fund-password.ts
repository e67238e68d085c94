import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { otpCountdownKey } from '../../../lib/forms/otp-countdown';
import { useSessionStore } from '../../../lib/session/session-store';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkConfirmation, checkNewPassword, checkOtp, collectErrors } from '../../../lib/forms/validation';
import { useForgotFundPassword as useForgotFundPasswordRequest } from '../api/forgot-fund-password';
import { SECURITY_PATHS } from '../components/security-paths';
import '../../../lib/i18n/security-namespace';

type Field = 'code' | 'fundPassword' | 'confirmFundPassword';

/**
 * Resets the fund password: the account's own e-mail or phone as the channel, a code sent
 * there, the new fund password twice. `channels` is empty when the account has neither.
 */
export function useForgotFundPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const channels: AccountType[] = [
    ...(user?.email ? (['email'] as const) : []),
    ...(user?.phone ? (['phone'] as const) : []),
  ];
  const [channel, setChannelState] = useState<AccountType>(channels[0] ?? 'email');
  const [code, setCode] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [confirmFundPassword, setConfirm] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const reset = useForgotFundPasswordRequest();

  const email = user?.email ?? '';
  const phone = user?.phone ?? '';
  const countryCode = user?.countryCode ?? '';

  const setChannel = (next: AccountType) => {
    setChannelState(next);
    setCode('');
  };

  const sendCode = () =>
    channel === 'email'
      ? sendOtp({ email, purpose: 'forgot_fund_password' })
      : sendSmsOtp({ countryCode, phone, purpose: 'forgot_fund_password' });

  const submit = () => {
    const invalid = report(
      collectErrors<Field>({
        code: checkOtp(code),
        fundPassword: checkNewPassword(fundPassword),
        confirmFundPassword: checkConfirmation(fundPassword, confirmFundPassword),
      }),
    );
    if (invalid) return;
    reset.mutate(
      { channel, code, fundPassword, confirmFundPassword },
      {
        onSuccess: () => {
          toastSuccess(t('security.fundPasswordReset'));
          navigate(SECURITY_PATHS.center, { replace: true });
        },
      },
    );
  };

  return {
    user,
    channels,
    channel,
    setChannel,
    contact: { email, phone, countryCode },
    code,
    setCode: edit('code', setCode),
    fundPassword,
    setFundPassword: edit('fundPassword', setFundPassword),
    confirmFundPassword,
    setConfirmFundPassword: edit('confirmFundPassword', setConfirm),
    countdownKey: otpCountdownKey(channel === 'email' ? email : `+${countryCode}${phone}`),
    errors,
    formRef,
    sendCode,
    submit,
    pending: reset.isPending,
  };
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkConfirmation, checkNewPassword, checkOtp, collectErrors } from '../../../lib/forms/validation';
import { useForgotFundPassword as useForgotFundPasswordRequest } from '../api/forgot-fund-password';
import { SECURITY_PATHS } from '../components/security-paths';
import { useOwnContact } from './use-own-contact';
import '../../../lib/i18n/security-namespace';

type Field = 'code' | 'fundPassword' | 'confirmFundPassword';

/**
 * Resets the fund password: the account's own e-mail or phone as the channel, a code sent
 * there, the new fund password twice. `channels` is empty when the account has neither.
 */
export function useForgotFundPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [confirmFundPassword, setConfirm] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const own = useOwnContact('forgot_fund_password', () => setCode(''));
  const reset = useForgotFundPasswordRequest();

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
      { channel: own.channel, code, fundPassword, confirmFundPassword },
      {
        onSuccess: () => {
          toastSuccess(t('security.fundPasswordReset'));
          navigate(SECURITY_PATHS.center, { replace: true });
        },
      },
    );
  };

  return {
    ...own,
    code,
    setCode: edit('code', setCode),
    fundPassword,
    setFundPassword: edit('fundPassword', setFundPassword),
    confirmFundPassword,
    setConfirmFundPassword: edit('confirmFundPassword', setConfirm),
    errors,
    formRef,
    submit,
    pending: reset.isPending,
  };
}

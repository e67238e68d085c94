import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session/session-store';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkConfirmation, checkNewPassword, checkRequired, collectErrors } from '../../../lib/forms/validation';
import { useChangeFundPassword } from '../api/change-fund-password';
import { useSetFundPassword } from '../api/set-fund-password';
import { SECURITY_PATHS } from '../components/security-paths';
import { newPasswordFailure } from './password-pair-failure';
import '../../../lib/i18n/security-namespace';

type Field = 'oldFundPassword' | 'fundPassword' | 'confirmFundPassword';

/**
 * Sets the fund password when there is none (UserInfo.hasFundPassword), otherwise changes it
 * with the current one; then back to the security center.
 */
export function useFundPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasFundPassword = useSessionStore((s) => s.user?.hasFundPassword ?? false);
  const [oldFundPassword, setOld] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [confirmFundPassword, setConfirm] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const setFund = useSetFundPassword();
  const changeFund = useChangeFundPassword();

  const done = (message: string) => {
    toastSuccess(message);
    navigate(SECURITY_PATHS.center, { replace: true });
  };

  const submit = () => {
    const invalid = report(
      collectErrors<Field>({
        oldFundPassword: hasFundPassword ? checkRequired(oldFundPassword) : null,
        fundPassword: checkNewPassword(fundPassword),
        confirmFundPassword: checkConfirmation(fundPassword, confirmFundPassword),
      }),
    );
    if (invalid) return;
    // The login password is refused as the fund password (FUND_PASSWORD_SAME_AS_LOGIN): said at the field.
    const onError = (error: unknown) => {
      const message = newPasswordFailure(error);
      if (message) report({ fundPassword: message });
    };
    if (hasFundPassword) {
      changeFund.mutate(
        { oldFundPassword, fundPassword, confirmFundPassword },
        { onSuccess: () => done(t('security.fundPasswordChanged')), onError },
      );
    } else {
      setFund.mutate(
        { fundPassword, confirmFundPassword },
        { onSuccess: () => done(t('security.fundPasswordSet')), onError },
      );
    }
  };

  return {
    hasFundPassword,
    oldFundPassword,
    setOldFundPassword: edit('oldFundPassword', setOld),
    fundPassword,
    setFundPassword: edit('fundPassword', setFundPassword),
    confirmFundPassword,
    setConfirmFundPassword: edit('confirmFundPassword', setConfirm),
    errors,
    formRef,
    submit,
    pending: setFund.isPending || changeFund.isPending,
  };
}

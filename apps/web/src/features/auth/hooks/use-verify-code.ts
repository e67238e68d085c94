import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { formatPhone } from '../../../lib/format';
import { useOtpCountdownStore } from '../../../lib/forms/otp-countdown';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { collectErrors } from '../../../lib/forms/form-errors';
import { useRegister } from '../api/register';
import { AUTH_PATHS } from '../components/auth-paths';
import { authChecksOrToast, warmAuthChecks } from '../model/load-checks';
import { useAuthFlow } from './use-auth-flow';
import { registerCountdownKey, sendRegisterCode, useRegisterDraft } from './use-register-draft';

/**
 * Step two of registration: the 4-digit code (resend after 60 s), then register, which logs
 * the new user in. `draft` is null when the page was opened without step one (go to `restart`).
 */
export function useVerifyCode(type: AccountType) {
  const { t } = useTranslation();
  const { withReturn, completeLogin } = useAuthFlow();
  // Read once: the draft is cleared on success, and this page must not react to that.
  const [draft] = useState(() => useRegisterDraft.getState().drafts[type]);
  const clearDraft = useRegisterDraft((s) => s.clear);
  const [code, setCode] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<'code'>();
  const register = useRegister();
  const countdownKey = draft ? registerCountdownKey(draft) : '';
  const sent = useOtpCountdownStore((s) => countdownKey in s.resendAt);

  const target = !draft
    ? ''
    : type === 'email'
      ? (draft.email ?? '')
      : formatPhone(draft.countryCode ?? null, draft.phone ?? '');

  const submit = async () => {
    if (!draft) return;
    const checks = await authChecksOrToast();
    if (!checks) return;
    if (report(collectErrors({ code: checks.checkOtp(code) }))) return;
    register.mutate(
      { ...draft, code },
      {
        onSuccess: (result) => {
          clearDraft(type);
          toastSuccess(t('auth.registered'));
          completeLogin(result);
        },
      },
    );
  };

  return {
    draft: draft ?? null,
    restart: withReturn(type === 'email' ? AUTH_PATHS.registerEmail : AUTH_PATHS.registerPhone),
    target,
    sent,
    code,
    setCode: edit('code', setCode),
    errors,
    formRef,
    countdownKey,
    sendCode: () => (draft ? sendRegisterCode(draft) : null),
    submit,
    warmChecks: warmAuthChecks,
    pending: register.isPending,
  };
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sendOtp } from '../../../lib/api/send-otp';
import { otpCountdownKey } from '../../../lib/forms/otp-countdown';
import { useSessionStore } from '../../../lib/session/session-store';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkEmail, checkOtp, collectErrors } from '../../../lib/forms/validation';
import { useBindEmail } from '../api/bind-email';
import { PROFILE_PATHS } from '../components/profile-paths';

type Field = 'email' | 'code';

/** Binds or changes the e-mail with a code sent to it, then back to the account settings. */
export function useEmailBinding() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentEmail = useSessionStore((s) => s.user?.email ?? null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const bind = useBindEmail();

  const sendCode = () => {
    const problem = checkEmail(email);
    if (problem) {
      report({ email: problem });
      return null;
    }
    return sendOtp({ email: email.trim(), purpose: 'bind_email' });
  };

  const submit = () => {
    if (report(collectErrors<Field>({ email: checkEmail(email), code: checkOtp(code) }))) return;
    bind.mutate(
      { email: email.trim(), code },
      {
        onSuccess: () => {
          toastSuccess(t('account.emailBound'));
          navigate(PROFILE_PATHS.accountSettings, { replace: true });
        },
      },
    );
  };

  return {
    currentEmail,
    email,
    setEmail: edit('email', setEmail),
    code,
    setCode: edit('code', setCode),
    countdownKey: otpCountdownKey(email),
    errors,
    formRef,
    sendCode,
    submit,
    pending: bind.isPending,
  };
}

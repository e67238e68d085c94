import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { SubmitButton } from '../../../components/submit-button';
import { formatPhone } from '../../../lib/format';
import { useOtpCountdownStore } from '../../../lib/otp-countdown';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkOtp, collectErrors } from '../../../lib/validation';
import { useRegister } from '../api/register';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { registerCountdownKey, sendRegisterCode, useRegisterDraft } from '../hooks/use-register-draft';
import { AuthHeader } from './auth-header';
import { AUTH_PATHS } from './auth-paths';

/**
 * Step two of registration: the 4-digit code (resend after 60 s), then register, which
 * logs the new user in.
 */
function VerifyCode({ type }: { type: AccountType }) {
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

  // Opened directly or after a reload: the form data is gone, start over.
  if (!draft) return <Navigate to={withReturn(type === 'email' ? AUTH_PATHS.registerEmail : AUTH_PATHS.registerPhone)} replace />;

  const target = type === 'email' ? (draft.email ?? '') : formatPhone(draft.countryCode ?? null, draft.phone ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (report(collectErrors({ code: checkOtp(code) }))) return;
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

  return (
    <div className="auth">
      <AuthHeader
        title={t('auth.verifyTitle')}
        subtitle={sent ? t('auth.verifySentTo', { target }) : t('auth.verifySendTo', { target })}
      />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <CodeField
          value={code}
          onChange={edit('code', setCode)}
          error={errors.code}
          countdownKey={countdownKey}
          onSend={() => sendRegisterCode(draft)}
          autoFocus
        />
        <SubmitButton loading={register.isPending}>{t('auth.createAccount')}</SubmitButton>
      </form>
    </div>
  );
}

export function PhoneVerifyCodePage() {
  return <VerifyCode type="phone" />;
}

export function EmailVerifyCodePage() {
  return <VerifyCode type="email" />;
}

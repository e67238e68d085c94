import type { FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { SubmitButton } from '../../../components/submit-button';
import { useVerifyCode } from '../hooks/use-verify-code';
import { AuthHeader } from './auth-header';
import '../auth.css';

/** Step two of registration: the 4-digit code, then register (flow in useVerifyCode). */
function VerifyCode({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const flow = useVerifyCode(type);

  // Opened directly or after a reload: the form data is gone, start over.
  if (!flow.draft) return <Navigate to={flow.restart} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit();
  };

  return (
    <div className="auth">
      <AuthHeader
        title={t('auth.verifyTitle')}
        subtitle={
          flow.sent ? t('auth.verifySentTo', { target: flow.target }) : t('auth.verifySendTo', { target: flow.target })
        }
      />
      <form
        ref={flow.formRef}
        className="form"
        noValidate
        onSubmit={onSubmit}
        onFocus={flow.warmChecks}
        onPointerDown={flow.warmChecks}
      >
        <CodeField
          value={flow.code}
          onChange={flow.setCode}
          error={flow.errors.code}
          countdownKey={flow.countdownKey}
          onSend={flow.sendCode}
          autoFocus
        />
        <SubmitButton loading={flow.pending}>{t('auth.createAccount')}</SubmitButton>
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

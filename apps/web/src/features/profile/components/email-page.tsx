import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { sendOtp } from '../../../lib/api/send-otp';
import { otpCountdownKey } from '../../../lib/otp-countdown';
import { useSessionStore } from '../../../lib/session-store';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkEmail, checkOtp, collectErrors } from '../../../lib/validation';
import { useBindEmail } from '../api/bind-email';
import { PROFILE_PATHS } from './profile-paths';

type Field = 'email' | 'code';

/** /pages/profile/account-setting/email: bind or change the e-mail with a code sent to it. */
export function EmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentEmail = useSessionStore((s) => s.user?.email ?? null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const bind = useBindEmail();

  const onSend = () => {
    const problem = checkEmail(email);
    if (problem) {
      report({ email: problem });
      return null;
    }
    return sendOtp({ email: email.trim(), purpose: 'bind_email' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      {currentEmail ? (
        <p className="info-line">
          {t('account.currentEmail')}: <strong>{currentEmail}</strong>
        </p>
      ) : null}
      <p className="form__intro">{t('account.bindEmailHint')}</p>
      <TextField
        label={t('fields.email')}
        placeholder={t('fields.emailPlaceholder')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={edit('email', setEmail)}
        error={errors.email}
      />
      <CodeField
        value={code}
        onChange={edit('code', setCode)}
        error={errors.code}
        countdownKey={otpCountdownKey(email)}
        onSend={onSend}
      />
      <SubmitButton loading={bind.isPending}>{currentEmail ? t('account.changeEmail') : t('account.bindEmail')}</SubmitButton>
    </form>
  );
}

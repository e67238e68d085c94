import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { NotAvailable } from '../../../components/page-state';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { maskEmail, maskPhone } from '../../../lib/format';
import { otpCountdownKey } from '../../../lib/otp-countdown';
import { useSessionStore } from '../../../lib/session-store';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkConfirmation, checkNewPassword, checkOtp, collectErrors } from '../../../lib/validation';
import { useForgotFundPassword } from '../api/forgot-fund-password';
import { SECURITY_PATHS } from './security-paths';

type Field = 'code' | 'fundPassword' | 'confirmFundPassword';

/**
 * /pages/profile/security-center/forgot-fund-password: pick the account's own e-mail or
 * phone, get a code there, choose a new fund password.
 */
export function ForgotFundPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const channels: AccountType[] = [...(user?.email ? (['email'] as const) : []), ...(user?.phone ? (['phone'] as const) : [])];
  const [channel, setChannel] = useState<AccountType>(channels[0] ?? 'email');
  const [code, setCode] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [confirmFundPassword, setConfirm] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const reset = useForgotFundPassword();

  if (!user) return null;
  if (channels.length === 0) return <NotAvailable text={t('security.noContact')} />;

  const email = user.email ?? '';
  const phone = user.phone ?? '';
  const countryCode = user.countryCode ?? '';
  const targetLabel = (c: AccountType) =>
    c === 'email' ? t('security.viaEmail', { target: maskEmail(email) }) : t('security.viaPhone', { target: maskPhone(countryCode, phone) });
  const countdownKey = otpCountdownKey(channel === 'email' ? email : `+${countryCode}${phone}`);

  const onSend = () =>
    channel === 'email'
      ? sendOtp({ email, purpose: 'forgot_fund_password' })
      : sendSmsOtp({ countryCode, phone, purpose: 'forgot_fund_password' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <fieldset className="radio-list radio-list--compact">
        <legend className="field__label">{t('security.channel')}</legend>
        {channels.map((c) => (
          <label key={c} className={`radio-list__item${c === channel ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="channel"
              value={c}
              checked={c === channel}
              onChange={() => {
                setChannel(c);
                setCode('');
              }}
              className="radio-list__input radio-list__input--visible"
            />
            <span className="radio-list__label">{targetLabel(c)}</span>
          </label>
        ))}
      </fieldset>
      <CodeField
        value={code}
        onChange={edit('code', setCode)}
        error={errors.code}
        countdownKey={countdownKey}
        onSend={onSend}
      />
      <NewPasswordFields
        passwordLabel={t('fields.newFundPassword')}
        confirmLabel={t('fields.confirmFundPassword')}
        password={fundPassword}
        confirm={confirmFundPassword}
        onPasswordChange={edit('fundPassword', setFundPassword)}
        onConfirmChange={edit('confirmFundPassword', setConfirm)}
        passwordError={errors.fundPassword}
        confirmError={errors.confirmFundPassword}
      />
      <SubmitButton loading={reset.isPending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

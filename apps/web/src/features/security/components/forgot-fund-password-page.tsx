import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { NotAvailable } from '../../../components/page-state';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { maskEmail, maskPhone } from '../../../lib/format';
import { useForgotFundPassword } from '../hooks/use-forgot-fund-password';
import '../../../lib/i18n/security-namespace';

/**
 * /pages/profile/security-center/forgot-fund-password: pick the account's own e-mail or
 * phone, get a code there, choose a new fund password.
 */
export function ForgotFundPasswordPage() {
  const { t } = useTranslation();
  const form = useForgotFundPassword();
  const { user, channels, channel, errors } = form;

  if (!user) return null;
  if (channels.length === 0) return <NotAvailable text={t('security.noContact')} />;

  const { email, phone, countryCode } = form.contact;
  const targetLabel = (c: AccountType) =>
    c === 'email'
      ? t('security.viaEmail', { target: maskEmail(email) })
      : t('security.viaPhone', { target: maskPhone(countryCode, phone) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <fieldset className="radio-list radio-list--compact">
        <legend className="field__label">{t('security.channel')}</legend>
        {channels.map((c) => (
          <label key={c} className={`radio-list__item${c === channel ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="channel"
              value={c}
              checked={c === channel}
              onChange={() => form.setChannel(c)}
              className="radio-list__input radio-list__input--visible"
            />
            <span className="radio-list__label">{targetLabel(c)}</span>
          </label>
        ))}
      </fieldset>
      <CodeField
        value={form.code}
        onChange={form.setCode}
        error={errors.code}
        countdownKey={form.countdownKey}
        onSend={form.sendCode}
      />
      <NewPasswordFields
        passwordLabel={t('fields.newFundPassword')}
        confirmLabel={t('fields.confirmFundPassword')}
        password={form.fundPassword}
        confirm={form.confirmFundPassword}
        onPasswordChange={form.setFundPassword}
        onConfirmChange={form.setConfirmFundPassword}
        passwordError={errors.fundPassword}
        confirmError={errors.confirmFundPassword}
      />
      <SubmitButton loading={form.pending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

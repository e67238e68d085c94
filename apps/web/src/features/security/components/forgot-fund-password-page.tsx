import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { NotAvailable } from '../../../components/page-state';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { useForgotFundPassword } from '../hooks/use-forgot-fund-password';
import { ContactChannelField } from './contact-channel-field';
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <ContactChannelField channels={channels} channel={channel} onChange={form.setChannel} contact={form.contact} />
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

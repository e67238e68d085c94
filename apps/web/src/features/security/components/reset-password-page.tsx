import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { NotAvailable } from '../../../components/page-state';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { useResetPasswordForm } from '../hooks/use-reset-password';
import { ContactChannelField } from './contact-channel-field';
import '../../../lib/i18n/security-namespace';

/**
 * /pages/profile/reset-password (desktop: settings/reset-password): the signed-in user forgot the
 * login password. A code to the account's own e-mail or phone replaces the current password
 * (change-password asks for that one); other devices are logged out and withdrawals pause, as
 * after a change.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const form = useResetPasswordForm();
  const { user, channels, errors } = form;

  if (!user) return null;
  if (channels.length === 0) return <NotAvailable text={t('security.noContact')} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <div className="form__heading">
        <h2 className="section-title">{t('security.resetPassword')}</h2>
        <p className="form__intro">{t('security.resetIntro')}</p>
      </div>
      <ContactChannelField
        channels={channels}
        channel={form.channel}
        onChange={form.setChannel}
        contact={form.contact}
      />
      <CodeField
        value={form.code}
        onChange={form.setCode}
        error={errors.code}
        countdownKey={form.countdownKey}
        onSend={form.sendCode}
      />
      <NewPasswordFields
        passwordLabel={t('fields.newPassword')}
        confirmLabel={t('fields.confirmNewPassword')}
        password={form.password}
        confirm={form.confirmPassword}
        onPasswordChange={form.setPassword}
        onConfirmChange={form.setConfirmPassword}
        passwordError={errors.password}
        confirmError={errors.confirmPassword}
      />
      <SubmitButton loading={form.pending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

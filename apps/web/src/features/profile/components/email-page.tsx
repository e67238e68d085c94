import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useEmailBinding } from '../hooks/use-email-binding';
import '../profile.css';

/** /pages/profile/account-setting/email: bind or change the e-mail with a code sent to it. */
export function EmailPage() {
  const { t } = useTranslation();
  const form = useEmailBinding();
  const { currentEmail, errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
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
        value={form.email}
        onChange={form.setEmail}
        error={errors.email}
      />
      <CodeField
        value={form.code}
        onChange={form.setCode}
        error={errors.code}
        countdownKey={form.countdownKey}
        onSend={form.sendCode}
      />
      <SubmitButton loading={form.pending}>
        {currentEmail ? t('account.changeEmail') : t('account.bindEmail')}
      </SubmitButton>
    </form>
  );
}

import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { useFundPasswordForm } from '../hooks/use-fund-password-form';
import { SECURITY_PATHS } from './security-paths';
import '../../../lib/i18n/security-namespace';

/**
 * /pages/profile/security-center/payment-password: set the fund password when there is
 * none (UserInfo.hasFundPassword), otherwise change it with the current one.
 */
export function PaymentPasswordPage() {
  const { t } = useTranslation();
  const form = useFundPasswordForm();
  const { hasFundPassword, errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <div className="form__heading">
        <h2 className="section-title">
          {hasFundPassword ? t('security.changeFundTitle') : t('security.setFundTitle')}
        </h2>
        {hasFundPassword ? null : <p className="form__intro">{t('security.setFundText')}</p>}
      </div>
      {hasFundPassword ? (
        <PasswordField
          label={t('fields.oldFundPassword')}
          autoComplete="off"
          value={form.oldFundPassword}
          onChange={form.setOldFundPassword}
          error={errors.oldFundPassword}
        />
      ) : null}
      <NewPasswordFields
        passwordLabel={hasFundPassword ? t('fields.newFundPassword') : t('fields.fundPassword')}
        confirmLabel={t('fields.confirmFundPassword')}
        password={form.fundPassword}
        confirm={form.confirmFundPassword}
        onPasswordChange={form.setFundPassword}
        onConfirmChange={form.setConfirmFundPassword}
        passwordError={errors.fundPassword}
        confirmError={errors.confirmFundPassword}
      />
      {hasFundPassword ? (
        <div className="form__aside">
          <Link className="link" to={SECURITY_PATHS.forgotFundPassword}>
            {t('security.forgotFundLink')}
          </Link>
        </div>
      ) : null}
      <SubmitButton loading={form.pending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { useSessionStore } from '../../../lib/session-store';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkConfirmation, checkNewPassword, checkRequired, collectErrors } from '../../../lib/validation';
import { useChangeFundPassword } from '../api/change-fund-password';
import { useSetFundPassword } from '../api/set-fund-password';
import { SECURITY_PATHS } from './security-paths';

type Field = 'oldFundPassword' | 'fundPassword' | 'confirmFundPassword';

/**
 * /pages/profile/security-center/payment-password: set the fund password when there is
 * none (UserInfo.hasFundPassword), otherwise change it with the current one.
 */
export function PaymentPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasFundPassword = useSessionStore((s) => s.user?.hasFundPassword ?? false);
  const [oldFundPassword, setOld] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [confirmFundPassword, setConfirm] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const setFund = useSetFundPassword();
  const changeFund = useChangeFundPassword();

  const done = (message: string) => {
    toastSuccess(message);
    navigate(SECURITY_PATHS.center, { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = report(
      collectErrors<Field>({
        oldFundPassword: hasFundPassword ? checkRequired(oldFundPassword) : null,
        fundPassword: checkNewPassword(fundPassword),
        confirmFundPassword: checkConfirmation(fundPassword, confirmFundPassword),
      }),
    );
    if (invalid) return;
    if (hasFundPassword) {
      changeFund.mutate(
        { oldFundPassword, fundPassword, confirmFundPassword },
        { onSuccess: () => done(t('security.fundPasswordChanged')) },
      );
    } else {
      setFund.mutate({ fundPassword, confirmFundPassword }, { onSuccess: () => done(t('security.fundPasswordSet')) });
    }
  };

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <div className="form__heading">
        <h2 className="section-title">{hasFundPassword ? t('security.changeFundTitle') : t('security.setFundTitle')}</h2>
        {hasFundPassword ? null : <p className="form__intro">{t('security.setFundText')}</p>}
      </div>
      {hasFundPassword ? (
        <PasswordField
          label={t('fields.oldFundPassword')}
          autoComplete="off"
          value={oldFundPassword}
          onChange={edit('oldFundPassword', setOld)}
          error={errors.oldFundPassword}
        />
      ) : null}
      <NewPasswordFields
        passwordLabel={hasFundPassword ? t('fields.newFundPassword') : t('fields.fundPassword')}
        confirmLabel={t('fields.confirmFundPassword')}
        password={fundPassword}
        confirm={confirmFundPassword}
        onPasswordChange={edit('fundPassword', setFundPassword)}
        onConfirmChange={edit('confirmFundPassword', setConfirm)}
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
      <SubmitButton loading={setFund.isPending || changeFund.isPending}>{t('common.confirm')}</SubmitButton>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  passwordError?: string | undefined;
  confirmError?: string | undefined;
}

/** A new password (login or fund) and its confirmation: the pair every set/reset form asks for. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={props.passwordLabel}
        placeholder={t('fields.passwordPlaceholder')}
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPasswordChange}
        error={props.passwordError}
      />
      <PasswordField
        label={props.confirmLabel}
        placeholder={t('fields.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        value={props.confirm}
        onChange={props.onConfirmChange}
        error={props.confirmError}
      />
    </>
  );
}

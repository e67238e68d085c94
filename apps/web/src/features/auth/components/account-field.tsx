import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { TextField } from '../../../components/text-field';
import { PhoneField } from './phone-field';

interface AccountFieldProps {
  type: AccountType;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** `username` where the account signs in; `email` where a new one is made. */
  autoComplete: 'username' | 'email';
}

/** The account an auth form is about: an e-mail field, or a phone number with its country. */
export function AccountField({ type, value, onChange, error, autoComplete }: AccountFieldProps) {
  const { t } = useTranslation();
  if (type === 'phone') return <PhoneField value={value} onChange={onChange} error={error} />;
  return (
    <TextField
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

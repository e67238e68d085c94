import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { CountryCodeButton } from './country-code-button';

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

/** Country calling code + national number. */
export function PhoneField({ value, onChange, error, autoFocus }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('fields.phone')}
      placeholder={t('fields.phonePlaceholder')}
      value={value}
      onChange={(v) => onChange(v.replace(/[^0-9 ()-]/g, '').slice(0, 20))}
      error={error}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      autoFocus={autoFocus}
      start={<CountryCodeButton />}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@app/contract';
import { digitsOnly } from '../lib/forms/digits';
import { TextField } from './text-field';
import { SendCodeButton } from './send-code-button';
import type { SendOtpData } from '../lib/api/send-otp';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  countdownKey: string;
  onSend: () => Promise<SendOtpData> | null;
  sendDisabled?: boolean;
  autoFocus?: boolean;
}

/** The 4-digit verification code input with its send/resend button. */
export function CodeField({
  value,
  onChange,
  error,
  hint,
  countdownKey,
  onSend,
  sendDisabled,
  autoFocus,
}: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('fields.code')}
      placeholder={t('fields.codePlaceholder')}
      value={value}
      onChange={(v) => onChange(digitsOnly(v, OTP_LENGTH))}
      error={error}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      autoFocus={autoFocus}
      className="field--code"
      end={<SendCodeButton countdownKey={countdownKey} onSend={onSend} disabled={sendDisabled} />}
    />
  );
}

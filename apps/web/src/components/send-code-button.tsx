import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_TOO_SOON_CODE } from '@app/contract';
import { ApiError } from '../lib/api/api-client';
import type { SendOtpData } from '../lib/api/send-otp';
import { useOtpCountdownStore, useResendSecondsLeft } from '../lib/forms/otp-countdown';
import { toastSuccess } from '../lib/feedback/toast';

interface SendCodeButtonProps {
  /** otpCountdownKey(destination): the 60 s wait is per destination, whatever the purpose. */
  countdownKey: string;
  /**
   * Sends the code. Return null when the destination is not valid (the caller shows why);
   * failures are already toasted by the API client.
   */
  onSend: () => Promise<SendOtpData> | null;
  disabled?: boolean;
}

/** "Send code", then "Resend in 59s" … "Resend code" (docs/product.md §5: resend only after 60 s). */
export function SendCodeButton({ countdownKey, onSend, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const secondsLeft = useResendSecondsLeft(countdownKey);
  const sentBefore = useOtpCountdownStore((s) => countdownKey in s.resendAt);
  const start = useOtpCountdownStore((s) => s.start);
  const [sending, setSending] = useState(false);

  const handleClick = async () => {
    const pending = onSend();
    if (!pending) return;
    setSending(true);
    try {
      const result = await pending;
      start(countdownKey, result.resendAfterSeconds);
      toastSuccess(t('common.codeSent'));
    } catch (error) {
      // The server is still counting down for this destination: show the wait here too.
      if (error instanceof ApiError && error.code === RESEND_TOO_SOON_CODE) start(countdownKey);
    } finally {
      setSending(false);
    }
  };

  const waiting = secondsLeft > 0;
  const label = waiting
    ? t('common.resendIn', { seconds: secondsLeft })
    : sentBefore
      ? t('common.resendCode')
      : t('common.sendCode');
  return (
    <button type="button" className="code-button" onClick={handleClick} disabled={disabled || sending || waiting}>
      {sending ? t('common.processing') : label}
    </button>
  );
}

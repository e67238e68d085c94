import { useState } from 'react';
import type { AccountType, OtpPurpose } from '@app/contract';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { otpCountdownKey } from '../../../lib/forms/otp-countdown';
import { useSessionStore } from '../../../lib/session/session-store';

/**
 * Where a code for the signed-in account goes: its own e-mail or phone (`channels`, empty when it has
 * neither), the one chosen, and sending a code of `purpose` there. `onChannelChange` runs when the choice changes.
 */
export function useOwnContact(purpose: OtpPurpose, onChannelChange: () => void) {
  const user = useSessionStore((s) => s.user);
  const channels: AccountType[] = [
    ...(user?.email ? (['email'] as const) : []),
    ...(user?.phone ? (['phone'] as const) : []),
  ];
  const [channel, setChannelState] = useState<AccountType>(channels[0] ?? 'email');
  const email = user?.email ?? '';
  const phone = user?.phone ?? '';
  const countryCode = user?.countryCode ?? '';

  const setChannel = (next: AccountType) => {
    setChannelState(next);
    onChannelChange();
  };

  const sendCode = () =>
    channel === 'email' ? sendOtp({ email, purpose }) : sendSmsOtp({ countryCode, phone, purpose });

  return {
    user,
    channels,
    channel,
    setChannel,
    contact: { email, phone, countryCode },
    sendCode,
    countdownKey: otpCountdownKey(channel === 'email' ? email : `+${countryCode}${phone}`),
  };
}

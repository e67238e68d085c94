import { API, type AccountType, type SendOtpResult } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/**
 * Sends the code that confirms a new address now (purpose `withdraw_address`) to the user's own
 * e-mail or phone. Its own request rather than lib/api's sendOtp: shared by one more chunk, that
 * module would move onto the first route's files.
 */
export function sendWithdrawAddressCode(
  channel: AccountType,
  to: { email: string; countryCode: string; phone: string },
): Promise<SendOtpResult> {
  return channel === 'email'
    ? apiPost<SendOtpResult>(API.user.sendOtp, { email: to.email, purpose: 'withdraw_address' })
    : apiPost<SendOtpResult>(API.user.sendSmsOtp, {
        countryCode: to.countryCode,
        phone: to.phone,
        purpose: 'withdraw_address',
      });
}

import { useMutation } from '@tanstack/react-query';
import { API, type SendSmsOtpBody } from '@app/contract';
import { apiPost } from './api-client';
import type { SendOtpData } from './send-otp';

/** Texts a 4-digit code to a phone (docs/product.md §7 SendSmsOtp). */
export function sendSmsOtp(body: SendSmsOtpBody): Promise<SendOtpData> {
  return apiPost<SendOtpData>(API.user.sendSmsOtp, body);
}

export function useSendSmsOtp() {
  return useMutation({ mutationFn: sendSmsOtp });
}

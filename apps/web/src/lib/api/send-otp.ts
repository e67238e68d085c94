import { useMutation } from '@tanstack/react-query';
import { API, type SendOtpBody, type SendOtpResult } from '@app/contract';
import { apiPost } from './api-client';

export type SendOtpData = SendOtpResult;

/** E-mails a 4-digit code (docs/product.md §7 sendOtp). bind_email and forgot_fund_password need the token. */
export function sendOtp(body: SendOtpBody): Promise<SendOtpData> {
  return apiPost<SendOtpData>(API.user.sendOtp, body);
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}

import { useMutation } from '@tanstack/react-query';
import { API, type ForgotPasswordBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/** Sets a new login password with a code sent to the account's phone or e-mail. */
export function forgotPassword(body: ForgotPasswordBody): Promise<null> {
  return apiPost<null>(API.user.forgotPassword, body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

import { useMutation } from '@tanstack/react-query';
import { API, type ForgotFundPasswordBody, type UserInfo } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Resets the fund password with a code sent to the account's own e-mail or phone. */
export function forgotFundPassword(body: ForgotFundPasswordBody): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.forgotFundPassword, body);
}

export function useForgotFundPassword() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({ mutationFn: forgotFundPassword, onSuccess: (user) => setUser(user) });
}

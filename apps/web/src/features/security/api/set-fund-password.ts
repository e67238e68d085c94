import { useMutation } from '@tanstack/react-query';
import { API, type SetFundPasswordBody, type UserInfo } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Sets the fund (withdraw) password when none is set yet. Silent: the form shows its failures (newPasswordFailure). */
export function setFundPassword(body: SetFundPasswordBody): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.setFundPassword, body, { silent: true });
}

export function useSetFundPassword() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({ mutationFn: setFundPassword, onSuccess: (user) => setUser(user) });
}

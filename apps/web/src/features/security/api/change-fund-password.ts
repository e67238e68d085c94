import { useMutation } from '@tanstack/react-query';
import { API, type ChangeFundPasswordBody, type UserInfo } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Changes the fund password with the current one. Silent: the form shows its failures (newPasswordFailure). */
export function changeFundPassword(body: ChangeFundPasswordBody): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.changeFundPassword, body, { silent: true });
}

export function useChangeFundPassword() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({ mutationFn: changeFundPassword, onSuccess: (user) => setUser(user) });
}

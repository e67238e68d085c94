import { useMutation } from '@tanstack/react-query';
import { API, type ChangeFundPasswordBody, type UserInfo } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Changes the fund password with the current one. */
export function changeFundPassword(body: ChangeFundPasswordBody): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.changeFundPassword, body);
}

export function useChangeFundPassword() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({ mutationFn: changeFundPassword, onSuccess: (user) => setUser(user) });
}

import { useQuery } from '@tanstack/react-query';
import { API, type UserInfo } from '@app/contract';
import { apiPost } from './api-client';
import { useSessionStore } from '../session/session-store';

export const USER_INFO_QUERY_KEY = ['user', 'info'] as const;

export function getUserInfo(): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.info);
}

/**
 * Refreshes the signed-in user's info into the session store (the store is what screens
 * read, so they render at once from the persisted copy). Does nothing for a visitor.
 */
export function useUserInfo() {
  const token = useSessionStore((s) => s.token);
  const setUser = useSessionStore((s) => s.setUser);
  return useQuery({
    queryKey: [...USER_INFO_QUERY_KEY, token],
    queryFn: async () => {
      const user = await getUserInfo();
      // The token may have changed while the request was in flight (logout, new login).
      if (useSessionStore.getState().token === token) setUser(user);
      return user;
    },
    enabled: token !== null,
  });
}

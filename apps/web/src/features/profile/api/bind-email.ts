import { useMutation } from '@tanstack/react-query';
import { API, type BindEmailBody, type UserInfo } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Binds (or changes) the account's e-mail with a code sent to it (purpose bind_email). */
export function bindEmail(body: BindEmailBody): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.bindEmail, body);
}

export function useBindEmail() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({ mutationFn: bindEmail, onSuccess: (user) => setUser(user) });
}

import { useMutation } from '@tanstack/react-query';
import { API, type UpdateUserBody, type UserInfo } from '@app/contract';
import { apiPost, type RequestOptions } from './api-client';
import { useSessionStore } from '../session/session-store';

/** Saves nickname, avatar, language or theme (docs/product.md §7 user/update) and returns the user. */
export function updateUser(body: UpdateUserBody, options?: Pick<RequestOptions, 'silent'>): Promise<UserInfo> {
  return apiPost<UserInfo>(API.user.update, body, options);
}

export function useUpdateUser() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(body),
    onSuccess: (user) => setUser(user),
  });
}

/**
 * Saves a preference (language, theme) to the server when logged in. Preferences apply
 * locally at once; a failure here only means the server copy is stale, so it is silent.
 */
export function syncPreferenceToServer(body: Pick<UpdateUserBody, 'language' | 'theme'>): void {
  const { token, setUser } = useSessionStore.getState();
  if (!token) return;
  updateUser(body, { silent: true })
    .then((user) => {
      if (useSessionStore.getState().token === token) setUser(user);
    })
    .catch(() => undefined);
}

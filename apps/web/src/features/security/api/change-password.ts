import { useMutation } from '@tanstack/react-query';
import { API, type ChangePasswordBody, type LoginResult } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/**
 * Changes the login password. The server revokes every session and answers a fresh token,
 * which replaces the stored one. Silent: the form shows its failures (newPasswordFailure).
 */
export function changePassword(body: ChangePasswordBody): Promise<LoginResult> {
  return apiPost<LoginResult>(API.user.changePassword, body, { silent: true });
}

export function useChangePassword() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({ mutationFn: changePassword, onSuccess: (result) => signIn(result) });
}

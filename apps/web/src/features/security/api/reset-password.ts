import { useMutation } from '@tanstack/react-query';
import { API, type LoginResult, type ResetPasswordBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/**
 * Resets the login password of the signed-in user with a code sent to the account's own e-mail or
 * phone. As a change does, the server ends every session and answers a fresh token, which replaces the stored one.
 * Silent: the form shows its failures (newPasswordFailure).
 */
export function resetPassword(body: ResetPasswordBody): Promise<LoginResult> {
  return apiPost<LoginResult>(API.user.resetPassword, body, { silent: true });
}

export function useResetPassword() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({ mutationFn: resetPassword, onSuccess: (result) => signIn(result) });
}

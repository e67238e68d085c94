import { useMutation } from '@tanstack/react-query';
import { API } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/** Ends the session on the server (docs/product.md §7 user/logout, no body). */
export function logout(): Promise<null> {
  // Silent: the session is cleared locally whatever the server answers.
  return apiPost<null>(API.user.logout, undefined, { silent: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

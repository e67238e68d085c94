import { useMutation } from '@tanstack/react-query';
import { API, type LoginBody, type LoginResult } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/** Logs in by phone or e-mail and password (docs/product.md §7 user/login). */
export function login(body: LoginBody): Promise<LoginResult> {
  return apiPost<LoginResult>(API.user.login, body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

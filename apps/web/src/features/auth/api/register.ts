import { useMutation } from '@tanstack/react-query';
import { API, type LoginResult, type RegisterBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/** Creates the account with the 4-digit code and logs it in (docs/product.md §7 user/register). */
export function register(body: RegisterBody): Promise<LoginResult> {
  return apiPost<LoginResult>(API.user.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

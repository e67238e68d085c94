import { ERRORS } from '@app/contract';
import { i18n } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api/api-client';
import { toastError } from '../../../lib/feedback/toast';

/**
 * A failed setting of a login or fund password, sent silently: the server's refusal of a new
 * password that is the account's other password (FUND_PASSWORD_SAME_AS_LOGIN, in the request's
 * language) is returned to be shown at the new-password field; any other failure is toasted as
 * the API client toasts it (an expired session it has already handled), and null is returned.
 */
export function newPasswordFailure(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.code === ERRORS.FUND_PASSWORD_SAME_AS_LOGIN.code) return error.message;
    if (error.kind !== 'session') toastError(error.message);
    return null;
  }
  toastError(i18n.t('network.serverError'));
  return null;
}

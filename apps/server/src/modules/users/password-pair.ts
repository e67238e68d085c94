import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/secrets';

/**
 * The login password and the fund password are kept different (the settings pages say so, and a
 * leaked login password must not also move money; docs/security.md "Passwords"). Only hashes are
 * stored, so a new password is checked by verifying it against the other one's hash: FUND_PASSWORD_SAME_AS_LOGIN
 * when it opens it. `otherHash` is null when the other password is not set (a fund password not yet chosen).
 */
export async function assertNotOtherPassword(candidate: string, otherHash: string | null): Promise<void> {
  if (otherHash !== null && (await verifyPassword(candidate, otherHash)))
    throw new AppError('FUND_PASSWORD_SAME_AS_LOGIN');
}

import { AppError } from '../../lib/app-error';

/** A new password and its confirmation must be equal (sign-up, reset, and the settings pages). */
export function assertPasswordsMatch(password: string, confirm: string): void {
  if (password !== confirm) throw new AppError('PASSWORDS_MISMATCH');
}

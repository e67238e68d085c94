import { PATHS } from '../../../lib/routing/paths';

/** The auth screens' routes (docs/product.md §2), for links between them. */
export const AUTH_PATHS = {
  loginPhone: PATHS.login,
  loginEmail: PATHS.emailLogin,
  registerPhone: PATHS.register,
  registerEmail: PATHS.emailRegister,
  verifyPhone: PATHS.verifyCode,
  verifyEmail: PATHS.emailVerifyCode,
  selectCountry: PATHS.selectCountry,
  forgot: PATHS.forgotPassword,
  findByPhone: PATHS.phoneFind,
  findByEmail: PATHS.emailFind,
} as const;

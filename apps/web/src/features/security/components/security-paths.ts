import { PATHS } from '../../../lib/routing/paths';

export const SECURITY_PATHS = {
  center: PATHS.securityCenter,
  changePassword: PATHS.changePassword,
  paymentPassword: PATHS.paymentPassword,
  forgotFundPassword: PATHS.forgotFundPassword,
  resetPassword: PATHS.resetPassword,
} as const;

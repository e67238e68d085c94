export const SECURITY_PATHS = {
  center: '/pages/profile/security-center/index',
  changePassword: '/pages/profile/security-center/change-password',
  paymentPassword: '/pages/profile/security-center/payment-password',
  forgotFundPassword: '/pages/profile/security-center/forgot-fund-password',
} as const;

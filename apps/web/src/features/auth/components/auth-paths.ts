/** The auth screens' routes (spec §2), for links between them. */
export const AUTH_PATHS = {
  loginPhone: '/pages/login/login',
  loginEmail: '/pages/login/email-login',
  registerPhone: '/pages/register/index',
  registerEmail: '/pages/register/email/index',
  verifyPhone: '/pages/register/verify-code',
  verifyEmail: '/pages/register/email/verify-code',
  selectCountry: '/pages/register/select-country',
  forgot: '/pages/forgot-password/index',
  findByPhone: '/pages/findPwd/phone-find',
  findByEmail: '/pages/findPwd/email-find',
} as const;

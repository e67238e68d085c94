/** The auth feature's public face: its pages, composed by app/route-table.ts. */
export { LoginEmailPage, LoginPhonePage } from './components/login-form';
export { RegisterEmailPage, RegisterPhonePage } from './components/register-form';
export { EmailVerifyCodePage, PhoneVerifyCodePage } from './components/verify-code-page';
export { SelectCountryPage } from './components/select-country-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { EmailFindPage, PhoneFindPage } from './components/find-password-page';

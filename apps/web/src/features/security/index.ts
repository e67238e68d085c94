/** The security feature's pages, composed by app/route-table.ts. */
export { SecurityCenterPage } from './components/security-center-page';
export { ChangePasswordPage } from './components/change-password-page';
export { PaymentPasswordPage } from './components/payment-password-page';
export { ForgotFundPasswordPage } from './components/forgot-fund-password-page';
export { ResetPasswordPage } from './components/reset-password-page';

// The loans module's face (docs/loans.md): products and rules, applications and their review, repayment.
export { LoanService, type KycStates, type PrivateFiles } from './service';
export { loanAdminRoutes, loanRoutes } from './routes';

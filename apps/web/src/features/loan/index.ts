/** The loan pages (docs/product.md §2 "Loan", §3 "Loan", §5), composed by app/route-table.ts. */
export {
  LoanApplyPage,
  LoanHistoryPage,
  LoanPage,
  LoanRepaymentsPage,
  PaidHistoryPage,
  PayAllLoansPage,
  PayLoanPage,
} from './components/loan-pages';

/** The financing pages (docs/product.md §2 "Manage account": the account and products, subscribe, history), composed by app/route-table.ts. */
export { BuyFinancingPage, FinancingHistoryPage, FinancingPage } from './components/financing-pages';

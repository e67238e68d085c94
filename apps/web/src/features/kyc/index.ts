/** The identity verification's pages (docs/product.md §2 "KYC verification"), composed by app/route-table.ts. */
export { KycPage, RealNamePage, DocumentsPage } from './components/kyc-pages';

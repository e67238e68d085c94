/** The identity verification's pages (spec §2 "KYC verification"), composed by app/route-table.ts. */
export { KycPage, RealNamePage, DocumentsPage } from './components/kyc-pages';

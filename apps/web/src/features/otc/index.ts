/** The OTC feature's page, composed by app/route-table.ts. */
export { OtcPage } from './components/otc-page';

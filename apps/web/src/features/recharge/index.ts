/** The deposit pages (docs/product.md §2 "Recharge"), composed by app/route-table.ts. */
export { RechargePage, RechargeListPage, RechargeRecordsPage } from './components/recharge-pages';

/** The deposit pages (spec §2 "Recharge"), composed by app/route-table.ts. */
export { RechargePage, RechargeListPage, RechargeRecordsPage } from './components/recharge-pages';

/** The withdraw, history and address book pages (spec §2 "Withdraw", §3 "Withdraw address"), composed by app/route-table.ts. */
export { CreateAddressPage, WithdrawAddressListPage, WithdrawAddressPage, WithdrawHistoryPage, WithdrawPage } from './components/withdraw-pages';

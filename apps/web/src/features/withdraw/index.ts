/** The withdrawal address book's pages (spec §2 "Withdraw", §3 "Withdraw address"), composed by app/route-table.ts. */
export { CreateAddressPage, WithdrawAddressListPage, WithdrawAddressPage } from './components/withdraw-pages';

/**
 * The withdraw, history and address book pages (docs/product.md §2 "Withdraw", §3 "Withdraw address"), and the
 * "this wasn't me" link's page, composed by app/route-table.ts.
 */
export {
  CreateAddressPage,
  WithdrawAddressListPage,
  WithdrawAddressPage,
  WithdrawHistoryPage,
  WithdrawPage,
} from './components/withdraw-pages';
export { WithdrawFreezePage } from './components/freeze-page';

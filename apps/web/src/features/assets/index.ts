/** The assets feature's pages (assets, account, transfer, records, wallet), composed by app/route-table.ts. */
export { AssetsPage } from './components/assets-page';
export { AccountPage } from './components/account-page';
export { TransferPage } from './components/transfer-page';
export { TransferRecordsPage } from './components/transfer-records-page';
export { WalletPage } from './components/wallet-page';

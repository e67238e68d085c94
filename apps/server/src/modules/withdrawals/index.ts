// The withdrawals module's face (docs/architecture.md "How a module is built"): the withdrawals (create and confirm steps, review), the address book, and the signer.
export { WithdrawalService } from './service';
export { withdrawalRoutes, withdrawalAdminRoutes } from './routes';
export { AddressBookService } from './address-book';
export { addressBookRoutes } from './address-book-routes';
export { WithdrawalSigner } from './signer';
export { hotWalletAddress, signerChains } from './hot-wallet';
export { WithdrawalAvailability } from './availability';
export type { ProbeLane, RouteLimits } from './availability';

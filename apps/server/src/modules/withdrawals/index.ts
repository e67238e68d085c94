// The withdrawals module's face (docs/architecture.md "How a module is built"): the address book, the create and confirm steps, review, and the signer's calls.
export { AddressBookService, type FundPasswordCheck } from './address-book';
export { addressBookRoutes } from './address-book-routes';
export { WithdrawService } from './withdraw-service';
export { withdrawRoutes, withdrawAdminRoutes } from './withdraw-routes';
export { WithdrawalSigner, openingFees, type SignerRunResult, type WithdrawalOutcomes } from './signer';
export { erc20TransferData, evmSigner, type EvmSigner } from './evm-signing';
export { signerChains } from './hot-wallet';

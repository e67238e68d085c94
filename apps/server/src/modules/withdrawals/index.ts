// The withdrawals module's face (DESIGN.md §8a): the withdrawal address book.
export { WithdrawalService, type FundPasswordCheck } from './service';
export { withdrawalRoutes } from './routes';

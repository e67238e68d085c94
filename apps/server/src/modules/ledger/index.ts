/**
 * The ledger's public face (DESIGN.md §4, §8a): the only code that changes a balance, the one
 * money command every money-moving request runs through, and the verifier of the invariants.
 * Only this module reads or writes the `ledger_*` tables.
 */
export {
  WALLETS, SYSTEM_SHARDS, frozenOf, userAccount, systemAccount, accountKey,
  type Wallet, type FrozenKind, type SystemKind, type UserKind, type Mode, type AccountRef,
} from './accounts';
export { LedgerService, UnbalancedTransactionError, type Posting, type PostInput, type Posted } from './service';
export { MoneyCommands, moneyRecords, type MoneyCommand, type MoneyPlan, type MoneyRecords, type MoneyRequest, type MoneyStep, type PostInputIn, type PublishToUser } from './money-command';
export type { Invariant, LedgerTables, Violation } from './invariants';
export { OutboxPublisher, OutboxRelay, writeOutbox, type OutboxRelayOptions, type OutboxRow, type UserEventSink } from './outbox';

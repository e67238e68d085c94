/**
 * The ledger's public face (docs/ledger.md; docs/architecture.md "How a module is built"): reads of
 * balances and statements, the invariants' verifier, and the one money command every money-moving
 * request runs through. Nothing here posts by itself: money moves only inside a `MoneyCommands`
 * step. Only this module reads or writes the `ledger_*` tables.
 */
import type { AppContext } from '../../context';
import { MoneyCommands, type PublishToUser } from './money-command';
import type { UserEventSink } from './outbox';
import { LedgerService, type LedgerReads } from './service';

export {
  WALLETS,
  SYSTEM_SHARDS,
  frozenOf,
  userAccount,
  systemAccount,
  accountKey,
  type Wallet,
  type FrozenKind,
  type SystemKind,
  type UserKind,
  type Mode,
  type AccountRef,
} from './accounts';
export { UnbalancedTransactionError, demoFunding, type LedgerReads, type Posting, type PostInput } from './service';
export {
  MoneyCommands,
  moneyRecords,
  type MoneyCommand,
  type MoneyPlan,
  type MoneyRecords,
  type MoneyRequest,
  type MoneyStep,
  type PostInputIn,
  type PublishToUser,
} from './money-command';
export type { Invariant, LedgerTables, Violation } from './invariants';
export { OutboxRelay, writeOutbox, type OutboxRelayOptions, type OutboxRow, type UserEventSink } from './outbox';

/**
 * The ledger of a process: its reads and its money command, whose events go to `userEvents` (the
 * bus; a plain function in scripts and benchmarks) after each commit.
 */
export function createLedger(
  ctx: AppContext,
  userEvents: UserEventSink | PublishToUser,
): { ledger: LedgerReads; money: MoneyCommands } {
  const ledger = new LedgerService(ctx);
  return { ledger, money: new MoneyCommands(ctx, ledger, userEvents) };
}

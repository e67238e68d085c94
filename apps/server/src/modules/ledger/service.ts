import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { accountKey, type AccountRef, type Mode } from './accounts';
import { ledgerRepo } from './repository';

export interface Posting {
  account: AccountRef;
  /** Signed minor units of the account's asset: positive credits, negative debits. */
  amount: bigint;
}

export interface PostInput {
  mode: Mode;
  kind: string;
  reference: string;
  memo?: string;
  reverses?: number;
  postings: Posting[];
}

export interface Posted {
  transactionId: number;
}

/** A programming error: a transaction that does not balance never reaches the database. */
export class UnbalancedTransactionError extends Error {}

function checkBalanced(input: PostInput): void {
  const sums = new Map<string, bigint>();
  for (const p of input.postings) {
    if (p.amount === 0n) throw new UnbalancedTransactionError(`zero posting in ${input.kind}`);
    if (p.account.mode !== input.mode) throw new UnbalancedTransactionError(`posting in mode ${p.account.mode} of a ${input.mode} transaction`);
    sums.set(p.account.asset, (sums.get(p.account.asset) ?? 0n) + p.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedTransactionError(`${input.kind}: ${asset} postings sum to ${sum}`);
  }
}

/**
 * The only code that changes a balance (DESIGN.md §4). Callers pass the database transaction
 * they work in, so the money moves together with whatever caused it, or not at all.
 */
export class LedgerService {
  constructor(private readonly ctx: AppContext) {}

  /** One transaction: the same path as a batch of one. */
  async post(tx: Tx, input: PostInput): Promise<Posted> {
    const [transactionId] = await this.postMany(tx, [input]);
    return { transactionId: transactionId! };
  }

  /**
   * Transactions in a few statements whatever their number (one for `post`, thousands when
   * contracts expiring in the same second are settled). Each must balance per asset; postings
   * are netted per account, so a statement shows what really changed; no user account goes below
   * zero at any posting (a DB CHECK backs this up); every posting records the balance after it, in
   * the order of `inputs`. Returns the transaction ids in that order.
   *
   * Accounts are locked in one global order, so two database transactions cannot deadlock over
   * them: user accounts first, in id order, then system accounts (the house, the faucet), in id
   * order. The system accounts are shared by every user, so they come last and are held only for
   * their own update, postings and the commit; `beforeSystemAccounts` runs in between, with the
   * transaction ids, for the caller's writes that go with the money (settlement marks its
   * contracts there), so those do not hold up everybody else's.
   */
  async postMany(tx: Tx, inputs: PostInput[], options: { beforeSystemAccounts?: (ids: number[]) => Promise<void> } = {}): Promise<number[]> {
    if (inputs.length === 0) return [];
    for (const input of inputs) checkBalanced(input);
    const now = this.ctx.clock.now();
    const accounts = await ledgerRepo.ensureAccounts(tx, inputs.flatMap((i) => i.postings.map((p) => p.account)), now);
    const idOf = (ref: AccountRef) => accounts.get(accountKey(ref))!.id;
    const byId = new Map([...accounts.values()].map((a) => [a.id, a]));

    const netted = inputs.map((input) => {
      const deltas = new Map<number, bigint>();
      for (const p of input.postings) deltas.set(idOf(p.account), (deltas.get(idOf(p.account)) ?? 0n) + p.amount);
      return [...deltas].filter(([, amount]) => amount !== 0n);
    });
    const totals = new Map<number, bigint>();
    for (const rows of netted) for (const [id, amount] of rows) totals.set(id, (totals.get(id) ?? 0n) + amount);

    /** Locks the accounts of one side, moves their balances and returns their postings (without transaction ids yet). */
    const side = async (users: boolean) => {
      const ids = [...totals.keys()].filter((id) => (byId.get(id)!.userId !== null) === users);
      if (ids.length === 0) return [];
      const running = await ledgerRepo.lockAccounts(tx, ids);
      const rows = netted.flatMap((pairs, input) => pairs.filter(([id]) => running.has(id)).map(([accountId, amount]) => {
        const balanceAfter = running.get(accountId)! + amount;
        if (users && balanceAfter < 0n) throw new AppError('BALANCE_NOT_ENOUGH');
        running.set(accountId, balanceAfter);
        return { input, accountId, asset: byId.get(accountId)!.asset, amount, balanceAfter };
      }));
      await ledgerRepo.addToBalances(tx, new Map(ids.map((id) => [id, totals.get(id)!])));
      return rows;
    };
    const withIds = (rows: Awaited<ReturnType<typeof side>>) => rows.map(({ input, ...r }) => ({ ...r, transactionId: ids[input]! }));

    const userRows = await side(true);
    const ids = await ledgerRepo.insertTransactions(tx, inputs.map((i) => ({
      mode: i.mode, kind: i.kind, reference: i.reference, memo: i.memo ?? null, reverses: i.reverses ?? null,
    })), now);
    if (userRows.length) await ledgerRepo.insertPostings(tx, withIds(userRows), now);
    await options.beforeSystemAccounts?.(ids);
    const systemRows = await side(false);
    if (systemRows.length) await ledgerRepo.insertPostings(tx, withIds(systemRows), now);
    return ids;
  }

  /** The balance of an account; zero when it does not exist yet. */
  async balance(db: DbOrTx, ref: AccountRef): Promise<bigint> {
    return (await ledgerRepo.findAccount(db, ref))?.balance ?? 0n;
  }
}

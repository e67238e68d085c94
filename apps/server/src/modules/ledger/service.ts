import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { accountKey, type AccountRef, type Mode } from './accounts';
import { ledgerRepo, type AccountRow } from './repository';

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
  /** Balance after the transaction, by account id. */
  balances: Map<number, bigint>;
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

  async post(tx: Tx, input: PostInput): Promise<Posted> {
    checkBalanced(input);
    const now = this.ctx.clock.now();

    // Net change per account, applied in account-id order so two transactions touching the
    // same accounts lock them in the same order and cannot deadlock.
    const accounts = new Map<number, AccountRow>();
    const deltas = new Map<number, bigint>();
    for (const p of input.postings) {
      const account = await ledgerRepo.ensureAccount(tx, p.account, now);
      accounts.set(account.id, account);
      deltas.set(account.id, (deltas.get(account.id) ?? 0n) + p.amount);
    }
    const balances = new Map<number, bigint>();
    for (const id of [...deltas.keys()].sort((a, b) => a - b)) {
      const delta = deltas.get(id)!;
      if (delta === 0n) continue;
      const after = await ledgerRepo.applyDelta(tx, id, delta);
      if (after === null) throw new AppError('BALANCE_NOT_ENOUGH');
      balances.set(id, after);
    }

    const transactionId = await ledgerRepo.insertTransaction(tx, {
      mode: input.mode, kind: input.kind, reference: input.reference, memo: input.memo ?? null,
      reverses: input.reverses ?? null, createdAt: now,
    });
    // One posting per account: netted, so a statement shows what really changed.
    const rows = [...deltas.entries()]
      .filter(([, amount]) => amount !== 0n)
      .map(([accountId, amount]) => ({
        transactionId, accountId, asset: accounts.get(accountId)!.asset, amount, balanceAfter: balances.get(accountId)!, createdAt: now,
      }));
    await ledgerRepo.insertPostings(tx, rows);
    return { transactionId, balances };
  }

  /**
   * Many transactions at once, in a few statements whatever their number (settling thousands of
   * contracts that expire in the same second). The same rules as `post`: each balances, accounts
   * are locked in id order, no user account goes below zero at any posting, and every posting
   * records the balance after it, in the order of `inputs`. Returns the transaction ids in that order.
   */
  async postMany(tx: Tx, inputs: PostInput[]): Promise<number[]> {
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
    const locked = await ledgerRepo.lockAccounts(tx, [...totals.keys()]);

    const running = new Map(locked);
    const rowsOfInput = netted.map((rows) => rows.map(([accountId, amount]) => {
      const after = running.get(accountId)! + amount;
      const account = byId.get(accountId)!;
      if (account.userId !== null && after < 0n) throw new AppError('BALANCE_NOT_ENOUGH');
      running.set(accountId, after);
      return { accountId, asset: account.asset, amount, balanceAfter: after };
    }));
    await ledgerRepo.addToBalances(tx, totals);
    const ids = await ledgerRepo.insertTransactions(tx, inputs.map((i) => ({
      mode: i.mode, kind: i.kind, reference: i.reference, memo: i.memo ?? null, reverses: i.reverses ?? null,
    })), now);
    await ledgerRepo.insertPostingsBulk(tx, rowsOfInput.flatMap((rows, i) => rows.map((r) => ({ ...r, transactionId: ids[i]! }))), now);
    return ids;
  }

  /** The balance of an account; zero when it does not exist yet. */
  async balance(db: DbOrTx, ref: AccountRef): Promise<bigint> {
    return (await ledgerRepo.findAccount(db, ref))?.balance ?? 0n;
  }
}

import { QUOTE_ASSET, assetOf, pow10, type LedgerKind } from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hasSqlState, uniqueViolation } from '../../lib/db-errors';
import {
  accountKey,
  shardOf,
  systemAccount,
  userAccount,
  type AccountRef,
  type Mode,
  type SystemKind,
  type UserKind,
  type Wallet,
} from './accounts';
import { LEDGER_INVARIANTS, findViolations, type Invariant, type Violation } from './invariants';
import { BALANCE_SHORT_SQLSTATE, ledgerRepo, type PostBatch } from './repository';

/** What a new demo ledger starts with: 100,000 USDT from the demo faucet in each of these wallets. */
export const DEMO_START_USDT = 100_000n;
/**
 * The wallets the demo faucet funds: the currency account (spot, OTC) and the option account
 * (contracts stake from it), so a demo user can trade either way on first try
 * (docs/decisions/0019-demo-money-can-trade-at-once.md).
 */
export const DEMO_FUNDED_WALLETS = ['currency', 'option'] as const satisfies readonly Wallet[];

export interface Posting {
  account: AccountRef;
  /** Signed minor units of the account's asset: positive credits, negative debits. */
  amount: bigint;
}

export interface PostInput {
  mode: Mode;
  kind: LedgerKind;
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
    if (p.account.mode !== input.mode)
      throw new UnbalancedTransactionError(`posting in mode ${p.account.mode} of a ${input.mode} transaction`);
    sums.set(p.account.asset, (sums.get(p.account.asset) ?? 0n) + p.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedTransactionError(`${input.kind}: ${asset} postings sum to ${sum}`);
  }
}

/**
 * The transactions as `ledger_post` takes them, each checked (`checkBalanced`), its postings
 * netted per account in the order each account first appears, postings that net to zero left out.
 */
function batchOf(inputs: PostInput[]): PostBatch {
  const batch: PostBatch = { t: [], p: [] };
  inputs.forEach((input, i) => {
    checkBalanced(input);
    batch.t.push({
      m: input.mode,
      k: input.kind,
      r: input.reference,
      o: input.memo ?? null,
      v: input.reverses ?? null,
    });
    // System accounts: the shard the posting names (a reversal's), else the one of the transaction's first user.
    const shard = shardOf(input.postings.find((p) => p.account.userId !== null)?.account.userId ?? undefined);
    const netted = new Map<string, { account: AccountRef; s: number; amount: bigint }>();
    for (const { account, amount } of input.postings) {
      const s = account.userId === null ? (account.shard ?? shard) : 0;
      const key = accountKey(account.userId === null ? { ...account, shard: s } : account);
      const seen = netted.get(key);
      if (seen) seen.amount += amount;
      else netted.set(key, { account, s, amount });
    }
    for (const { account: a, s, amount } of netted.values()) {
      if (amount !== 0n) batch.p.push({ i, u: a.userId, m: a.mode, k: a.kind, a: a.asset, s, n: amount.toString() });
    }
  });
  return batch;
}

/**
 * The only code that changes a balance (docs/ledger.md). Private to the ledger module: other
 * modules read through `LedgerReads` and move money through `MoneyCommands`, whose step posts in
 * the command's database transaction, so the money moves together with whatever caused it, or not
 * at all.
 */
export class LedgerService {
  private readonly invariants: Invariant[] = [...LEDGER_INVARIANTS];
  constructor(private readonly ctx: AppContext) {}

  /** A module's own invariants over its records and the ledger, checked with the ledger's (`verify`). */
  registerInvariants(invariants: readonly Invariant[]): void {
    for (const inv of invariants) if (!this.invariants.some((i) => i.rule === inv.rule)) this.invariants.push(inv);
  }

  /** Every registered invariant over the whole database: what is wrong, at most `limit` rows per rule. */
  verify(db: DbOrTx, limit = 20): Promise<Violation[]> {
    return findViolations(db, this.invariants, limit);
  }

  /** One transaction: the same path as a batch of one. */
  async post(tx: Tx, input: PostInput): Promise<Posted> {
    const [transactionId] = await this.postMany(tx, [input]);
    return { transactionId: transactionId! };
  }

  /**
   * Transactions in one round trip whatever their number (one for `post`, thousands when contracts
   * expiring in the same second are settled): the database function `ledger_post`
   * (migrations/0012_ledger_post.sql) does the locking, checking and writing. Each must balance per
   * asset (checked here first); postings are netted per account, so a statement shows what really
   * changed; no user account goes below zero at any posting (`BALANCE_NOT_ENOUGH`; a DB CHECK backs
   * this up); every posting records the balance after it, in the order of `inputs`. Returns the
   * transaction ids in that order. A refusal raises a database error, so the caller's database
   * transaction is over: roll it back (every caller does, by throwing).
   *
   * Accounts are locked in one global order, so two database transactions cannot deadlock over
   * them: user accounts first, in id order, then system accounts (the house, the faucet), in id
   * order. The system accounts are shared by every user, so they come last and are held only for
   * their own update, postings and the commit; `beforeSystemAccounts` runs in between (a second
   * round trip then), with the transaction ids, for the caller's writes that go with the money
   * (settlement marks its contracts there), so those do not hold up everybody else's.
   */
  async postMany(
    tx: Tx,
    inputs: PostInput[],
    options: { beforeSystemAccounts?: (ids: number[]) => Promise<void> } = {},
  ): Promise<number[]> {
    if (inputs.length === 0) return [];
    const batch = batchOf(inputs);
    const now = this.ctx.clock.now();
    try {
      if (!options.beforeSystemAccounts) return await ledgerRepo.post(tx, batch, now);
      const ids = await ledgerRepo.post(tx, batch, now, 'users');
      await options.beforeSystemAccounts(ids);
      await ledgerRepo.post(tx, batch, now, 'system', ids);
      return ids;
    } catch (err) {
      throw this.refusal(err);
    }
  }

  /**
   * One transaction checked and netted as `ledger_post` takes it (JSON), for a statement that
   * posts it with other writes (`MoneyCommands.single`); `refusal` maps what that statement raises.
   */
  batchOfOne(input: PostInput): string {
    return JSON.stringify(batchOf([input]));
  }

  /** The AppError of a refused posting (`BALANCE_NOT_ENOUGH`), or the error as it is. */
  refusal(err: unknown): unknown {
    return hasSqlState(err, BALANCE_SHORT_SQLSTATE) ? new AppError('BALANCE_NOT_ENOUGH') : err;
  }

  /**
   * Posts the exact opposite of transaction `id`, linked to it by `reverses`: the way a mistake is
   * corrected (docs/ledger.md; the back office's corrections). A transaction is reversed at most once
   * (a unique index backs this up) and a reversal is not itself reversed.
   */
  async reverse(tx: Tx, id: number, memo?: string, onlyMode?: Mode): Promise<Posted> {
    const found = await ledgerRepo.lockTransactionWithPostings(tx, id);
    if (!found) throw new AppError('TRANSACTION_NOT_FOUND');
    const { transaction, postings } = found;
    if (transaction.kind === 'reversal' || (await ledgerRepo.reversalOf(tx, id)) !== undefined)
      throw new AppError('TRANSACTION_ALREADY_REVERSED');
    const mode = transaction.mode as Mode;
    // A user's command reverses only on its own ledger (as it posts: MoneyCommands.run).
    if (onlyMode && mode !== onlyMode) throw new AppError('TRANSACTION_NOT_FOUND');
    const reversal = this.post(tx, {
      mode,
      kind: 'reversal',
      reference: `reversal:${id}`,
      reverses: id,
      ...(memo ? { memo } : {}),
      postings: postings.map((p) => ({
        account:
          p.userId === null
            ? systemAccount(mode, p.kind as SystemKind, p.asset, p.shard)
            : userAccount(p.userId, mode, p.kind as UserKind, p.asset),
        amount: -p.amount,
      })),
    });
    // A concurrent correction of the same transaction got there first (the unique index on `reverses`).
    return reversal.catch((err: unknown) => {
      throw uniqueViolation(err) === 'ledger_transactions_reverses'
        ? new AppError('TRANSACTION_ALREADY_REVERSED')
        : err;
    });
  }

  /** The balance of an account (of a system account without a shard: the sum of its shards); zero when it does not exist yet. */
  balance(db: DbOrTx, ref: AccountRef): Promise<bigint> {
    return ledgerRepo.balanceOf(db, ref);
  }

  /** Every account of a user in one mode, with its balance (accounts never used are absent). */
  async accountsOf(
    db: DbOrTx,
    userId: number,
    mode: Mode,
  ): Promise<{ kind: UserKind; asset: string; balance: bigint }[]> {
    return (await ledgerRepo.accountsOfUser(db, userId, mode)).map((a) => ({
      kind: a.kind as UserKind,
      asset: a.asset,
      balance: a.balance,
    }));
  }

  /**
   * When the user's latest transaction of each of these kinds since `since` was, among the latest
   * 100 postings of each of their accounts (withdrawals' risk rules; bounded work).
   */
  latestOfKinds(
    db: DbOrTx,
    userId: number,
    mode: Mode,
    kinds: readonly LedgerKind[],
    since: Date,
  ): Promise<Map<string, Date>> {
    return ledgerRepo.latestOfKinds(db, userId, mode, kinds, since, 100);
  }

  /** Whether the user has ever had a transaction of one of these kinds in `mode` (the novice guide's facts). */
  hasKinds(db: DbOrTx, userId: number, mode: Mode, kinds: readonly LedgerKind[]): Promise<boolean> {
    return ledgerRepo.hasKinds(db, userId, mode, kinds);
  }

  /** The user's statement in one mode: one item per business event (ledger transaction), newest first (account changes). */
  statement(
    db: DbOrTx,
    userId: number,
    mode: Mode,
    filter: { wallet?: string | undefined; asset?: string | undefined },
    limit: number,
    offset: number,
  ) {
    return ledgerRepo.statement(db, userId, mode, filter, limit, offset);
  }

  /** Serialises the demo ledger's funding and reset for one user, until the transaction ends. */
  async lockDemo(tx: Tx, userId: number): Promise<void> {
    await ledgerRepo.lockDemo(tx, userId);
  }

  /** Whether an account exists (accounts are never deleted). */
  async hasAccount(db: DbOrTx, ref: AccountRef): Promise<boolean> {
    return (await ledgerRepo.findAccount(db, ref)) !== undefined;
  }
}

/** The demo faucet's starting money for a user: `DEMO_START_USDT` in each of `wallets`. */
export function demoFunding(userId: number, wallets: readonly Wallet[] = DEMO_FUNDED_WALLETS): PostInput {
  const amount = DEMO_START_USDT * pow10(assetOf(QUOTE_ASSET)!.scale);
  return {
    mode: 'demo',
    kind: 'demo_faucet',
    reference: `user:${userId}`,
    postings: [
      { account: systemAccount('demo', 'demo_faucet', QUOTE_ASSET), amount: -amount * BigInt(wallets.length) },
      ...wallets.map((w) => ({ account: userAccount(userId, 'demo', w, QUOTE_ASSET), amount })),
    ],
  };
}

/** What other modules may do with the ledger: read it and add their invariants. Money moves only through `MoneyCommands`. */
export type LedgerReads = Pick<
  LedgerService,
  'verify' | 'registerInvariants' | 'balance' | 'accountsOf' | 'latestOfKinds' | 'hasKinds' | 'statement'
>;

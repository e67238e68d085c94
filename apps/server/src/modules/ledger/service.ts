import { QUOTE_ASSET, assetOf, pow10, type LedgerKind } from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { accountKey, systemAccount, userAccount, type AccountRef, type Mode, type SystemKind, type UserKind, type Wallet } from './accounts';
import { LEDGER_INVARIANTS, findViolations, type Invariant, type Violation } from './invariants';
import { ledgerRepo } from './repository';

/** What a new demo ledger starts with: 100,000 USDT from the demo faucet in each of these wallets. */
export const DEMO_START_USDT = 100_000n;
/**
 * The wallets the demo faucet funds: the currency account (spot, OTC) and the option account
 * (contracts stake from it), so a demo user can trade either way on first try (docs/decisions.md).
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

  /**
   * Posts the exact opposite of transaction `id`, linked to it by `reverses`: the way a mistake is
   * corrected (DESIGN.md §4; the back office's corrections). A transaction is reversed at most once
   * (a unique index backs this up) and a reversal is not itself reversed.
   */
  async reverse(tx: Tx, id: number, memo?: string): Promise<Posted> {
    const found = await ledgerRepo.lockTransactionWithPostings(tx, id);
    if (!found) throw new AppError('TRANSACTION_NOT_FOUND');
    const { transaction, postings } = found;
    if (transaction.kind === 'reversal' || (await ledgerRepo.reversalOf(tx, id)) !== undefined) throw new AppError('TRANSACTION_ALREADY_REVERSED');
    const mode = transaction.mode as Mode;
    const reversal = this.post(tx, {
      mode, kind: 'reversal', reference: `reversal:${id}`, reverses: id, ...(memo ? { memo } : {}),
      postings: postings.map((p) => ({
        account: p.userId === null ? systemAccount(mode, p.kind as SystemKind, p.asset) : userAccount(p.userId, mode, p.kind as UserKind, p.asset),
        amount: -p.amount,
      })),
    });
    // A concurrent correction of the same transaction got there first (the unique index on `reverses`).
    return reversal.catch((err: unknown) => {
      throw uniqueViolation(err) === 'ledger_transactions_reverses' ? new AppError('TRANSACTION_ALREADY_REVERSED') : err;
    });
  }

  /** The balance of an account; zero when it does not exist yet. */
  async balance(db: DbOrTx, ref: AccountRef): Promise<bigint> {
    return (await ledgerRepo.findAccount(db, ref))?.balance ?? 0n;
  }

  /** Every account of a user in one mode, with its balance (accounts never used are absent). */
  async accountsOf(db: DbOrTx, userId: number, mode: Mode): Promise<{ kind: UserKind; asset: string; balance: bigint }[]> {
    return (await ledgerRepo.accountsOfUser(db, userId, mode)).map((a) => ({ kind: a.kind as UserKind, asset: a.asset, balance: a.balance }));
  }

  /** The user's statement in one mode: one item per business event (ledger transaction), newest first (account changes). */
  statement(db: DbOrTx, userId: number, mode: Mode, filter: { wallet?: string | undefined; asset?: string | undefined }, limit: number, offset: number) {
    return ledgerRepo.statement(db, userId, mode, filter, limit, offset);
  }

  // ----- the demo ledger ------------------------------------------------------------------------

  /**
   * Gives a user's demo ledger its starting money the first time it is used: 100,000 USDT in the
   * currency and in the option account. A demo ledger funded before the option account was
   * funded too (its currency account exists, its option account never did) gets the option
   * account's share once, so its owner can stake a contract without a transfer first.
   * Serialised per user, so two first requests at once fund it once.
   */
  async ensureDemo(userId: number): Promise<void> {
    // The option account is the last one the faucet came to fund: once it exists, nothing is due.
    const last = userAccount(userId, 'demo', 'option', QUOTE_ASSET);
    if (await ledgerRepo.findAccount(this.ctx.db, last)) return;
    await this.ctx.db.transaction(async (tx) => {
      await this.lockDemo(tx, userId);
      if (await ledgerRepo.findAccount(tx, last)) return;
      const funded = await ledgerRepo.findAccount(tx, userAccount(userId, 'demo', 'currency', QUOTE_ASSET));
      await this.post(tx, this.demoFunding(userId, funded ? ['option'] : DEMO_FUNDED_WALLETS));
    });
  }

  /** Serialises the demo ledger's funding and reset for one user, until the transaction ends. */
  async lockDemo(tx: Tx, userId: number): Promise<void> {
    await ledgerRepo.lockDemo(tx, userId);
  }

  /** The demo faucet's starting money for a user: `DEMO_START_USDT` in each of `wallets`. */
  demoFunding(userId: number, wallets: readonly Wallet[] = DEMO_FUNDED_WALLETS): PostInput {
    const amount = DEMO_START_USDT * pow10(assetOf(QUOTE_ASSET)!.scale);
    return {
      mode: 'demo', kind: 'demo_faucet', reference: `user:${userId}`,
      postings: [
        { account: systemAccount('demo', 'demo_faucet', QUOTE_ASSET), amount: -amount * BigInt(wallets.length) },
        ...wallets.map((w) => ({ account: userAccount(userId, 'demo', w, QUOTE_ASSET), amount })),
      ],
    };
  }
}

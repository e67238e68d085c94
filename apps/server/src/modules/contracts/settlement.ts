import { QUOTE_ASSET, type ContractDirection, type ContractResult, type DecidingTick, type LedgerKind } from '@app/contract';
import type { AppContext } from '../../context';
import { systemAccount, userAccount, type Mode, type MoneyCommands, type PostInput } from '../ledger';
import type { MarketModule, RecordedTick } from '../market';
import type { ContractConfig } from '../../config';
import { contractsRepo, type OpenContract } from './repository';
import { outcome, settlementOf, winProfit } from './service';

/** What settlement reads of an open contract, with what can be worked out before its expiry. */
interface DueContract {
  id: number;
  publicId: string;
  userId: number;
  mode: Mode;
  symbol: string;
  direction: ContractDirection;
  stake: bigint;
  openPrice: number;
  expiresAt: number;
  /** Which close tick decides it: `tickKey(symbol, expiresAt)`. */
  closeKey: string;
  /** What a win pays back: the stake and its profit. */
  winPayout: bigint;
}

function dueContract(r: OpenContract): DueContract {
  return {
    id: r.id, publicId: r.publicId, userId: r.userId, mode: r.mode as Mode, symbol: r.symbol, direction: r.direction as ContractDirection, stake: r.stake,
    openPrice: r.openPrice, expiresAt: r.expiresAt, closeKey: tickKey(r.symbol, r.expiresAt), winPayout: r.stake + winProfit(r.stake, r.payoutBps),
  };
}

interface Settled {
  contract: DueContract;
  close: RecordedTick;
  result: ContractResult;
  payout: bigint;
}

/**
 * Contracts of one user settled by one ledger transaction, at most this many. The reference lists
 * their public ids (36 characters and a comma each): 50 make 1,860 bytes, within the 2,704 bytes a
 * btree entry of `ledger_transactions_reference` may hold (100 did not fit once ids became UUIDs).
 */
const MAX_PER_TRANSACTION = 50;

/**
 * The ledger transactions of a batch: one per user and up to MAX_PER_TRANSACTION contracts,
 * netted per account: the stakes leave escrow, the payouts reach the option wallet, the house
 * pays the profits and keeps the lost stakes. A user rarely has two contracts expiring in the
 * same second, so this is one transaction per contract in practice, and few when thousands do.
 */
function settlementTransactions(batch: Settled[]): { input: PostInput; settled: Settled[] }[] {
  // Keyed by user and ledger: the user id, negative for demo.
  const byUser = new Map<number, Settled[]>();
  for (const s of batch) {
    const key = s.contract.mode === 'demo' ? -s.contract.userId : s.contract.userId;
    const list = byUser.get(key);
    if (list) list.push(s);
    else byUser.set(key, [s]);
  }
  const out: { input: PostInput; settled: Settled[] }[] = [];
  for (const list of byUser.values()) {
    for (let i = 0; i < list.length; i += MAX_PER_TRANSACTION) {
      const group = list.slice(i, i + MAX_PER_TRANSACTION);
      const { userId, mode } = group[0]!.contract;
      const stakes = group.reduce((a, s) => a + s.contract.stake, 0n);
      const payouts = group.reduce((a, s) => a + s.payout, 0n);
      const postings = [{ account: userAccount(userId, mode, 'option_frozen', QUOTE_ASSET), amount: -stakes }];
      if (payouts > 0n) postings.push({ account: userAccount(userId, mode, 'option', QUOTE_ASSET), amount: payouts });
      if (stakes !== payouts) postings.push({ account: systemAccount(mode, 'house', QUOTE_ASSET), amount: stakes - payouts });
      // Public ids: statements show references to their users.
      const reference = group.length === 1 ? `contract:${group[0]!.contract.publicId}` : `contracts:${group.map((s) => s.contract.publicId).join(',')}`;
      // One contract: its result names the transaction (statements read "Contract won"); several: contract_settle.
      const kind: LedgerKind = group.length === 1 ? `contract_${group[0]!.result}` : 'contract_settle';
      out.push({ input: { mode, kind, reference, postings }, settled: group });
    }
  }
  return out;
}

/**
 * Settles contracts whose expiry has passed, exactly once (DESIGN.md §6):
 * - the close price is the last recorded tick at or before the expiry (`tickAtOrBefore`, from
 *   stored data only), read `settleGraceMs` after the expiry so a late-delivered tick is in;
 * - a contract is claimed by deleting its row from the `contracts_open` queue in the transaction
 *   that posts its ledger transaction and records its settlement, so two workers (or two servers)
 *   never settle a contract twice: the second waits for the first's row locks, then finds the
 *   rows gone; and the settlement's primary key refuses a second one whatever happens;
 * - overdue contracts (the server was down at expiry) are settled by the first pass after start,
 *   from the same stored ticks: the result is what it would have been.
 * Nothing here takes a price or an outcome from outside the market data.
 *
 * Everything about an open contract but its close tick is known before it expires, so the
 * worker's pass also reads ahead (`stage`) the contracts expiring in the next `stageAheadMs`:
 * at the expiry only the close ticks and the writes are left. What was read ahead is used only
 * for contracts the settling transaction has claimed (their queue rows deleted by it, so they are
 * open and unchanged: a contract's terms never change); a claimed contract that was not read
 * ahead (opened after the read, or overdue after a restart) is read in the claim's transaction.
 */
export class ContractSettler {
  /** Open contracts read ahead of their expiry, by id (at most `stageMax`), in expiry order. */
  private readonly staged = new Map<number, DueContract>();
  /** Where the next read ahead starts (ms): contracts expiring up to here were read, unless they opened after their read. */
  private stagedUntil = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly money: MoneyCommands,
    private readonly market: MarketModule,
    private readonly config: ContractConfig,
  ) {}

  /** The background worker's pass: settles what is due, then reads ahead what expires soon. The number settled. */
  async pass(): Promise<number> {
    const settled = await this.settleDue();
    await this.stage();
    return settled;
  }

  /** How many contracts are read ahead and waiting for their expiry. */
  get stagedCount(): number {
    return this.staged.size;
  }

  /**
   * Reads ahead the open contracts expiring from where the last read ended to `stageAheadMs`
   * from now, in expiry order, as many as `stageMax` leaves room for; a read the room cut short
   * ends before its last expiry, so the next one starts there again (a contract read twice is
   * the same entry). The number read.
   */
  async stage(): Promise<number> {
    const until = this.ctx.clock.now().getTime() + this.config.stageAheadMs;
    const room = this.config.stageMax - this.staged.size;
    if (until <= this.stagedUntil || room <= 0) return 0;
    const read = (await contractsRepo.openExpiring(this.ctx.db, new Date(this.stagedUntil), new Date(until), room)).map(dueContract);
    read.sort((x, y) => x.expiresAt - y.expiresAt);
    for (const c of read) this.staged.set(c.id, c);
    this.stagedUntil = read.length < room ? until : Math.max(this.stagedUntil, read.at(-1)!.expiresAt - 1);
    return read.length;
  }

  /**
   * Settles everything due now; the number settled by this worker. One read of the queue finds
   * what is due, per user, symbol and expiry; the close ticks are read once per symbol and
   * expiry (from the market's own storage, outside any transaction). The due users are cut into
   * batches of about `settleBatch` contracts, whole users each, so a user's contracts expiring
   * together net into one ledger transaction; `settleLanes` batches run at once, on disjoint
   * users, so they never wait on each other's accounts.
   */
  async settleDue(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - this.config.settleGraceMs);
    const due = await contractsRepo.due(this.ctx.db, cutoff);
    if (due.length === 0) return 0;
    const closes = new Map<string, { symbol: string; at: number }>();
    const perUser = new Map<number, number>();
    for (const d of due) {
      closes.set(tickKey(d.symbol, d.expiresAt), { symbol: d.symbol, at: d.expiresAt });
      perUser.set(d.userId, (perUser.get(d.userId) ?? 0) + d.count);
    }
    const ticks = new Map(await Promise.all([...closes].map(async ([key, c]) => [key, await this.market.tickAtOrBefore(c.symbol, c.at)] as const)));
    const batches: number[][] = [[]];
    let size = 0;
    for (const [user, n] of perUser) {
      if (size > 0 && size + n > this.config.settleBatch) { batches.push([]); size = 0; }
      batches.at(-1)!.push(user);
      size += n;
    }
    let next = 0;
    const counts = await Promise.all(Array.from({ length: this.config.settleLanes }, async () => {
      let total = 0;
      while (next < batches.length) total += await this.settleBatch(cutoff, ticks, batches[next++]!);
      return total;
    }));
    // What is left of the due contracts read ahead was settled by another worker, or is back in
    // the queue (a failed batch, a missing tick): the next pass reads it again. The map is in
    // expiry order (each read appends later expiries), so this stops at the first one not due.
    for (const [id, c] of this.staged) {
      if (c.expiresAt > cutoff.getTime()) break;
      this.staged.delete(id);
    }
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * Settles the due contracts of `users` in one database transaction: claims them (deletes their
   * queue rows: a worker that races for the same rows waits, then finds them gone), decides them,
   * posts the ledger and records their settlements (an insert each: the contracts themselves are
   * never written again; see `contractSettlements` in schema-trading.ts).
   */
  private settleBatch(cutoff: Date, ticks: Map<string, RecordedTick | null>, users: number[]): Promise<number> {
    return this.money.run({ userId: null, step: async (m) => {
      const due: DueContract[] = [];
      const unread: number[] = [];
      for (const id of await contractsRepo.claim(m.tx, users, cutoff)) {
        const c = this.staged.get(id);
        if (c) due.push(c);
        else unread.push(id);
      }
      if (unread.length > 0) due.push(...(await contractsRepo.readOpen(m.tx, unread)).map(dueContract));
      const batch: Settled[] = [];
      for (const c of due) {
        this.staged.delete(c.id);
        const close = ticks.get(c.closeKey);
        // Cannot happen to a contract that opened on a recorded tick; it goes back to the queue, open and visible.
        if (!close) {
          this.ctx.log.error({ contract: c.id }, 'no recorded tick at or before the expiry of a contract');
          await contractsRepo.requeue(m.tx, c);
          continue;
        }
        const result = outcome(c.direction, c.openPrice, close.priceUnits);
        const payout = result === 'win' ? c.winPayout : result === 'tie' ? c.stake : 0n;
        batch.push({ contract: c, close, result, payout });
      }
      if (batch.length === 0) return 0;
      const groups = settlementTransactions(batch);
      // The settlements are written while only their users' accounts are locked: the house account,
      // which every lane and worker shares, is locked after this, until the commit.
      await m.postMany(groups.map((g) => g.input), { beforeSystemAccounts: (txIds) => contractsRepo.insertSettlements(m.tx, settlementColumns(groups, txIds), m.now) });
      // One event per user and ledger transaction (after the commit): what settling changed on each of its contracts.
      const closeTicks = new Map<RecordedTick, DecidingTick>();
      const closeTickOf = (t: RecordedTick) => closeTicks.get(t) ?? closeTicks.set(t, { time: t.time, price: t.price, source: t.source }).get(t)!;
      for (const { settled } of groups) {
        const { userId, mode } = settled[0]!.contract;
        m.publish(userId, {
          kind: 'settled', typeUser: mode,
          contracts: settled.map((s) => settlementOf(s.contract, { result: s.result, payout: s.payout, closeTick: closeTickOf(s.close), settledAt: m.now.getTime() })),
        });
      }
      return batch.length;
    } });
  }
}

/** The settlements of a batch as column arrays, the close ticks once each (by 1-based index). */
function settlementColumns(groups: { settled: Settled[] }[], txIds: number[]) {
  const closes = [...new Set(groups.flatMap((g) => g.settled.map((s) => s.close)))];
  const closeIndex = new Map(closes.map((c, i) => [c, i + 1]));
  const settled = groups.flatMap((g, i) => g.settled.map((s) => ({ s, tx: txIds[i]! })));
  return {
    contractIds: settled.map((x) => x.s.contract.id), results: settled.map((x) => x.s.result), payouts: settled.map((x) => x.s.payout),
    transactionIds: settled.map((x) => x.tx), closeIndexes: settled.map((x) => closeIndex.get(x.s.close)!),
    closeTimes: closes.map((k) => k.time), closePrices: closes.map((k) => k.priceUnits), closeSources: closes.map((k) => k.source),
  };
}

const tickKey = (symbol: string, at: number) => `${symbol}@${at}`;

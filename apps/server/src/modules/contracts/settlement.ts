import type { AppContext } from '../../context';
import { connectionsOf } from '../../db/client';
import type { MoneyCommands, MoneyStep } from '../ledger';
import type { MarketModule, RecordedTick } from '../market';
import type { ContractConfig } from '../../config';
import { contractsRepo } from './repository';
import { SettlementBatch, dueContracts, tickKey, type DueContract } from './settlement-batch';

/** The contracts read ahead that expire at one instant, and their batches, made ahead of the expiry. */
interface Instant {
  at: number;
  contracts: Map<number, DueContract>;
  batches: { users: number[]; batch: SettlementBatch; claimKey: string }[];
}

type Ticks = ReadonlyMap<string, RecordedTick | null>;
/** The close ticks being read (`closeTicks`). */
type PendingTicks = Promise<Ticks>;

/** Below this many contracts in all, one batch: splitting them costs more transactions than it saves. */
const SPLIT_MIN = 500;

/**
 * Users cut into batches of at most about `config.settleBatch` contracts, whole users each
 * (`counts`: contracts per user), as many batches as a multiple of `settleLanes` and of about the
 * same size, so the lanes finish together.
 */
function cutUsers(counts: Map<number, number>, config: ContractConfig): number[][] {
  let total = 0;
  for (const n of counts.values()) total += n;
  const batches = Math.ceil(Math.ceil(total / config.settleBatch) / config.settleLanes) * config.settleLanes;
  const size = Math.max(Math.ceil(total / batches), Math.min(SPLIT_MIN, config.settleBatch));
  const out: number[][] = [[]];
  let n = 0;
  for (const [user, count] of counts) {
    if (n > 0 && n + count > size) {
      out.push([]);
      n = 0;
    }
    out.at(-1)!.push(user);
    n += count;
  }
  return out;
}

/**
 * Settles contracts whose expiry has passed, exactly once (docs/trading.md):
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
 * worker's pass also reads ahead (`stage`) the contracts expiring in the next `stageAheadMs` and
 * makes their batches then: per expiry instant, users cut into batches of about `settleBatch`
 * contracts, each grouped into its ledger transactions with their accounts and references. At the
 * expiry only the close ticks, the outcomes and the writes are left. A batch made ahead is used as
 * made only when its claim took exactly its contracts (they are open and unchanged: a contract's
 * terms never change); otherwise (another worker took some, the user opened another one after the
 * read) the batch is made again from what the claim took, reading what was not read ahead. What
 * the queue still holds that is due after that (not read ahead: opened after the read, beyond
 * `stageMax`, overdue after a restart) is settled from the queue.
 */
export class ContractSettler {
  /** Contracts read ahead, by expiry instant (ms), in expiry order (each read appends later instants). */
  private readonly ahead = new Map<number, Instant>();
  private aheadCount = 0;
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
    return this.aheadCount;
  }

  /**
   * Reads ahead the open contracts expiring from where the last read ended to `stageAheadMs`
   * from now, in expiry order, as many as `stageMax` leaves room for; a read the room cut short
   * ends before its last expiry, so the next one starts there again (a contract read twice is
   * the same entry). Makes the batches of every instant it read. The number read.
   */
  async stage(): Promise<number> {
    const until = this.ctx.clock.now().getTime() + this.config.stageAheadMs;
    const room = this.config.stageMax - this.aheadCount;
    if (until <= this.stagedUntil || room <= 0) return 0;
    const read = dueContracts(
      await contractsRepo.openExpiring(this.ctx.db, new Date(this.stagedUntil), new Date(until), room),
    );
    read.sort((x, y) => x.expiresAt - y.expiresAt);
    const touched = new Set<Instant>();
    for (const c of read) {
      let instant = this.ahead.get(c.expiresAt);
      if (!instant) {
        instant = { at: c.expiresAt, contracts: new Map(), batches: [] };
        this.ahead.set(c.expiresAt, instant);
      }
      if (!instant.contracts.has(c.id)) this.aheadCount++;
      instant.contracts.set(c.id, c);
      touched.add(instant);
    }
    for (const instant of touched) this.makeBatches(instant);
    this.stagedUntil = read.length < room ? until : Math.max(this.stagedUntil, read.at(-1)!.expiresAt - 1);
    return read.length;
  }

  private makeBatches(instant: Instant): void {
    const byUser = new Map<number, DueContract[]>();
    for (const c of instant.contracts.values()) {
      const list = byUser.get(c.userId);
      if (list) list.push(c);
      else byUser.set(c.userId, [c]);
    }
    const counts = new Map([...byUser].map(([user, list]) => [user, list.length]));
    instant.batches = cutUsers(counts, this.config).map((users) => {
      const batch = new SettlementBatch(users.flatMap((u) => byUser.get(u)!));
      return { users, batch, claimKey: batch.claimKey() };
    });
  }

  /**
   * Settles everything due now; the number settled by this worker. First the batches made ahead
   * for the instants that are due, then whatever the queue still holds that is due, planned by
   * one read of the queue per user, symbol and expiry. The close ticks are read once per symbol and
   * expiry (from the market's own storage, outside any transaction). `settleLanes` batches run at
   * once, on disjoint users, so they never wait on each other's accounts.
   */
  async settleDue(): Promise<number> {
    const cutoff = this.ctx.clock.now().getTime() - this.config.settleGraceMs;
    const due: Instant[] = [];
    for (const instant of this.ahead.values()) {
      if (instant.at > cutoff) break;
      due.push(instant);
    }
    let settled = 0;
    if (due.length > 0) {
      const batches = due.flatMap((i) => i.batches.map((b) => ({ at: i.at, ...b })));
      const { pending } = await this.closeTicks(batches.flatMap((b) => b.batch.closeKeys));
      settled += await this.inLanes(batches, (b) => this.settleMadeAhead(b.at, b.users, b.batch, b.claimKey, pending));
      // Whatever of them is not settled now was settled by another worker, or is back in the queue
      // (a failed batch, a missing tick): the settlement from the queue below takes it.
      for (const instant of due) {
        this.ahead.delete(instant.at);
        this.aheadCount -= instant.contracts.size;
      }
    }
    const rest = await contractsRepo.due(this.ctx.db, new Date(cutoff));
    if (rest.length === 0) return settled;
    const counts = new Map<number, number>();
    for (const d of rest) counts.set(d.userId, (counts.get(d.userId) ?? 0) + d.count);
    const { pending } = await this.closeTicks(rest.map((d) => tickKey(d.symbol, d.expiresAt)));
    return (
      settled +
      (await this.inLanes(cutUsers(counts, this.config), (users) => this.settleQueued(cutoff, users, pending)))
    );
  }

  /**
   * The last recorded tick at or before each `symbol@expiry` key (null: none), all read at once.
   * On PostgreSQL the batches start claiming while they are read (they wait for them before
   * deciding), when the pool has a connection left for the reads; otherwise (PGlite's one
   * connection) they are read first.
   */
  private async closeTicks(keys: string[]): Promise<{ pending: PendingTicks }> {
    const pending = Promise.all(
      [...new Set(keys)].map(async (key) => {
        const at = key.lastIndexOf('@');
        return [key, await this.market.tickAtOrBefore(key.slice(0, at), Number(key.slice(at + 1)))] as const;
      }),
    ).then((pairs): Ticks => new Map(pairs));
    if (connectionsOf(this.ctx.db) <= this.config.settleLanes) await pending;
    // Awaited by every batch that claimed something; a failed read fails those like any failed batch.
    pending.catch(() => undefined);
    return { pending };
  }

  /** Runs `work` over `items` in `settleLanes` lanes at once; the sum of what it answers. */
  private async inLanes<T>(items: T[], work: (item: T) => Promise<number>): Promise<number> {
    let next = 0;
    const lanes = await Promise.all(
      Array.from({ length: Math.min(this.config.settleLanes, items.length) }, async () => {
        let total = 0;
        while (next < items.length) total += await work(items[next++]!);
        return total;
      }),
    );
    return lanes.reduce((a, b) => a + b, 0);
  }

  /**
   * Settles a batch made ahead in one database transaction: claims its users' contracts of that
   * instant (deletes their queue rows: a worker that races for the same rows waits, then finds them
   * gone); when that is exactly the batch, decides and posts it as made, otherwise makes it again
   * from what was claimed.
   */
  private settleMadeAhead(
    at: number,
    users: number[],
    made: SettlementBatch,
    claimKey: string,
    pending: PendingTicks,
  ): Promise<number> {
    return this.money.run({
      userId: null,
      step: async (m) => {
        const claimed = await contractsRepo.claimAt(m.tx, users, new Date(at));
        if (claimed === '') return 0;
        const ticks = await pending;
        if (claimed === claimKey && made.decide(ticks)) return this.post(m, made);
        const known = new Map(made.contracts.map((c) => [c.id, c]));
        return this.settleClaimed(m, claimed.split(',').map(Number), known, ticks);
      },
    });
  }

  /** Settles the due contracts of `users` from the queue, in one database transaction (as `settleMadeAhead`). */
  private settleQueued(cutoff: number, users: number[], pending: PendingTicks): Promise<number> {
    return this.money.run({
      userId: null,
      step: async (m) => {
        const claimed = await contractsRepo.claimDue(m.tx, users, new Date(cutoff));
        return claimed.length === 0 ? 0 : this.settleClaimed(m, claimed, new Map(), await pending);
      },
    });
  }

  /**
   * Settles claimed contracts: those in `known` as read ahead, the others read now. One whose close
   * tick was not read (another instant or symbol than planned) goes back to the queue for the
   * settlement from the queue; one with no recorded tick at all too, and is logged.
   */
  private async settleClaimed(
    m: MoneyStep,
    ids: number[],
    known: ReadonlyMap<number, DueContract>,
    ticks: Ticks,
  ): Promise<number> {
    const due: DueContract[] = [];
    const unread: number[] = [];
    for (const id of ids) {
      const c = known.get(id);
      if (c) due.push(c);
      else unread.push(id);
    }
    if (unread.length > 0) due.push(...dueContracts(await contractsRepo.readOpen(m.tx, unread)));
    const ready: DueContract[] = [];
    for (const c of due) {
      const close = ticks.get(tickKey(c.symbol, c.expiresAt));
      if (close) {
        ready.push(c);
        continue;
      }
      // Cannot happen to a contract that opened on a recorded tick; it goes back to the queue, open and visible.
      if (close === null)
        this.ctx.log.error({ contract: c.id }, 'no recorded tick at or before the expiry of a contract');
      await contractsRepo.requeue(m.tx, c);
    }
    if (ready.length === 0) return 0;
    const batch = new SettlementBatch(ready);
    batch.decide(ticks);
    return this.post(m, batch);
  }

  /**
   * Posts a decided batch and records its settlements (an insert each: the contracts themselves are
   * never written again; see `contractSettlements` in schema-trading.ts).
   */
  private async post(m: MoneyStep, batch: SettlementBatch): Promise<number> {
    // Published after the commit, built before the ledger locks the house account (every lane and
    // worker shares it, so it is held as briefly as possible: the settlements too are written while
    // only their users' accounts are locked).
    for (const e of batch.events(m.now.getTime())) m.publish(e.userId, e.event);
    await m.postMany(batch.postInputs(), {
      beforeSystemAccounts: (txIds) => contractsRepo.insertSettlements(m.tx, batch.columns(txIds), m.now),
    });
    return batch.count;
  }
}

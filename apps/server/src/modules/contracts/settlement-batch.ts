import {
  QUOTE_ASSET,
  type ContractDirection,
  type ContractResult,
  type DecidingTick,
  type LedgerKind,
  type OrderEvent,
} from '@app/contract';
import { systemAccount, userAccount, type AccountRef, type Mode, type PostInput } from '../ledger';
import type { RecordedTick } from '../market';
import type { OpenContract, SettlementColumns } from './repository';
import { outcome, payByResult, settlementOf, type ResultPay } from './service';

/** What settlement keeps of an open contract, with what can be worked out before its expiry. */
export interface DueContract {
  id: number;
  publicId: string;
  userId: number;
  mode: Mode;
  symbol: string;
  direction: ContractDirection;
  stake: bigint;
  openPrice: number;
  expiresAt: number;
  /** What each result pays back (`payByResult`), shared by the contracts of the same stake and rate. */
  pay: Record<ContractResult, ResultPay>;
}

/**
 * Open contracts as settlement keeps them. What each result pays is worked out once per stake and
 * rate, and a symbol, mode or direction is one string however many contracts name it: they are
 * held by the hundred thousand.
 */
export function dueContracts(rows: readonly OpenContract[]): DueContract[] {
  const pays = new Map<string, Record<ContractResult, ResultPay>>();
  const words = new Map<string, string>();
  const word = (w: string) => words.get(w) ?? words.set(w, w).get(w)!;
  return rows.map((r) => {
    const key = `${r.stake}:${r.payoutBps}`;
    let pay = pays.get(key);
    if (!pay) {
      pay = payByResult(r.stake, r.payoutBps);
      pays.set(key, pay);
    }
    return {
      id: r.id,
      publicId: r.publicId,
      userId: r.userId,
      mode: word(r.mode) as Mode,
      symbol: word(r.symbol),
      direction: word(r.direction) as ContractDirection,
      stake: r.stake,
      openPrice: r.openPrice,
      expiresAt: r.expiresAt,
      pay,
    };
  });
}

/** Which close tick decides a contract: the last recorded one at or before its expiry, per symbol and expiry. */
export const tickKey = (symbol: string, at: number) => `${symbol}@${at}`;

/**
 * Contracts of one user settled by one ledger transaction, at most this many. The reference lists
 * their public ids (36 characters and a comma each): 50 make 1,860 bytes, within the 2,704 bytes a
 * btree entry of `ledger_transactions_reference` may hold (100 did not fit once ids became UUIDs).
 */
export const MAX_PER_TRANSACTION = 50;

/** A ledger transaction of a batch: one user's contracts in one ledger, `start` to `end` (exclusive) of the batch's contracts. */
interface Group {
  userId: number;
  mode: Mode;
  start: number;
  end: number;
  frozen: AccountRef;
  option: AccountRef;
  stakes: bigint;
  /** Public ids: statements show references to their users. */
  reference: string;
}

/** Keyed by user and ledger: the user id, negative for demo. */
const ledgerOf = (c: DueContract) => (c.mode === 'demo' ? -c.userId : c.userId);

/**
 * Contracts to settle together, in one database transaction, grouped into ledger transactions: one
 * per user and ledger and up to MAX_PER_TRANSACTION contracts, netted per account (the stakes leave
 * escrow, the payouts reach the option wallet, the house pays the profits and keeps the lost
 * stakes). A user rarely has two contracts expiring in the same second, so this is one transaction
 * per contract in practice, and few when thousands do.
 *
 * Everything but the outcomes is worked out when the batch is made, which for contracts read ahead
 * is before their expiry: the groups, their accounts and references, the stakes, which close tick
 * decides each contract. `decide` then needs one comparison per contract. Tens of thousands settle
 * at once, so the contracts sit in flat arrays: few objects per contract.
 */
export class SettlementBatch {
  /** The contracts, each group's together. */
  readonly contracts: DueContract[] = [];
  private readonly groups: Group[] = [];
  /** The close ticks that decide the batch (`tickKey`), and per contract the index of its own. */
  readonly closeKeys: string[] = [];
  private readonly closeOf: number[] = [];
  /** Once decided: the close tick of each key, and each contract's result and payout. */
  private closes: RecordedTick[] = [];
  private results: ContractResult[] = [];
  private pays: ResultPay[] = [];

  constructor(contracts: readonly DueContract[]) {
    const byLedger = new Map<number, DueContract[]>();
    for (const c of contracts) {
      const list = byLedger.get(ledgerOf(c));
      if (list) list.push(c);
      else byLedger.set(ledgerOf(c), [c]);
    }
    const keyIndex = new Map<string, number>();
    for (const list of byLedger.values()) {
      const { userId, mode } = list[0]!;
      const frozen = userAccount(userId, mode, 'option_frozen', QUOTE_ASSET);
      const option = userAccount(userId, mode, 'option', QUOTE_ASSET);
      for (let from = 0; from < list.length; from += MAX_PER_TRANSACTION) {
        const part = list.slice(from, from + MAX_PER_TRANSACTION);
        const start = this.contracts.length;
        let stakes = 0n;
        for (const c of part) {
          stakes += c.stake;
          this.contracts.push(c);
          const key = tickKey(c.symbol, c.expiresAt);
          let k = keyIndex.get(key);
          if (k === undefined) {
            k = this.closeKeys.push(key) - 1;
            keyIndex.set(key, k);
          }
          this.closeOf.push(k);
        }
        const reference =
          part.length > 1 ? `contracts:${part.map((c) => c.publicId).join(',')}` : `contract:${part[0]!.publicId}`;
        this.groups.push({ userId, mode, start, end: this.contracts.length, frozen, option, stakes, reference });
      }
    }
  }

  get count(): number {
    return this.contracts.length;
  }

  /** The contract ids in ascending order, comma-separated: what claiming exactly these contracts answers (`contractsRepo.claim`). */
  claimKey(): string {
    return this.contracts
      .map((c) => c.id)
      .sort((a, b) => a - b)
      .join(',');
  }

  /**
   * Decides every contract by its close tick (docs/trading.md: up wins when close > open, down when
   * close < open, a tie refunds the stake). False, deciding nothing, when a close tick is missing.
   */
  decide(ticks: ReadonlyMap<string, RecordedTick | null>): boolean {
    const closes: RecordedTick[] = [];
    for (const key of this.closeKeys) {
      const tick = ticks.get(key);
      if (!tick) return false;
      closes.push(tick);
    }
    const n = this.contracts.length;
    this.closes = closes;
    this.results = new Array<ContractResult>(n);
    this.pays = new Array<ResultPay>(n);
    for (let i = 0; i < n; i++) {
      const c = this.contracts[i]!;
      const result = outcome(c.direction, c.openPrice, closes[this.closeOf[i]!]!.priceUnits);
      this.results[i] = result;
      this.pays[i] = c.pay[result];
    }
    return true;
  }

  /** The ledger transactions of the decided batch, in the order of its groups. */
  postInputs(): PostInput[] {
    const house: Record<Mode, AccountRef> = {
      real: systemAccount('real', 'house', QUOTE_ASSET),
      demo: systemAccount('demo', 'house', QUOTE_ASSET),
    };
    return this.groups.map((g) => {
      let payouts = 0n;
      for (let i = g.start; i < g.end; i++) payouts += this.pays[i]!.payout;
      const postings = [{ account: g.frozen, amount: -g.stakes }];
      if (payouts > 0n) postings.push({ account: g.option, amount: payouts });
      if (g.stakes !== payouts) postings.push({ account: house[g.mode], amount: g.stakes - payouts });
      const one = g.end - g.start === 1;
      // One contract: its result names the transaction (statements read "Contract won"); several: contract_settle.
      const kind: LedgerKind = one ? `contract_${this.results[g.start]!}` : 'contract_settle';
      return { mode: g.mode, kind, reference: g.reference, postings };
    });
  }

  /** The settlement rows of the decided batch as column arrays, given the transaction ids of `postInputs` in order. */
  columns(txIds: readonly number[]): SettlementColumns {
    const transactionIds = new Array<number>(this.contracts.length);
    this.groups.forEach((g, gi) => transactionIds.fill(txIds[gi]!, g.start, g.end));
    return {
      contractIds: this.contracts.map((c) => c.id),
      results: this.results,
      payouts: this.pays.map((p) => p.payoutMinor),
      transactionIds,
      // The close ticks once per key; 1-based, as SQL arrays count.
      closeIndexes: this.closeOf.map((k) => k + 1),
      closeTimes: this.closes.map((t) => t.time),
      closePrices: this.closes.map((t) => t.priceUnits),
      closeSources: this.closes.map((t) => t.source),
    };
  }

  /** One event per ledger transaction of the decided batch, for its user: what settling changed on each of its contracts. */
  events(settledAt: number): { userId: number; event: OrderEvent }[] {
    const ticks: DecidingTick[] = this.closes.map((t) => ({ time: t.time, price: t.price, source: t.source }));
    return this.groups.map((g) => {
      const contracts = [];
      for (let i = g.start; i < g.end; i++) {
        contracts.push(
          settlementOf(this.contracts[i]!, {
            result: this.results[i]!,
            pay: this.pays[i]!,
            closeTick: ticks[this.closeOf[i]!]!,
            settledAt,
          }),
        );
      }
      return { userId: g.userId, event: { kind: 'settled', typeUser: g.mode, contracts } };
    });
  }
}

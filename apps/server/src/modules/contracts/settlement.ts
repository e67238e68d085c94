import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { QUOTE_ASSET, type ContractDirection, type ContractResult } from '@app/contract';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { systemAccount, userAccount, type Mode } from '../ledger/accounts';
import type { LedgerService, PostInput } from '../ledger/service';
import type { MarketModule } from '../market/routes';
import type { RecordedTick } from '../market/engine';
import { contracts } from '../../db/schema-trading';
import type { ContractConfig } from './config';
import { outcome, toContract, winProfit, type ContractRow } from './service';


interface Settled {
  contract: ContractRow;
  close: RecordedTick;
  result: ContractResult;
  payout: bigint;
}

/** Contracts of one user settled by one ledger transaction, at most this many (the reference lists them). */
const MAX_PER_TRANSACTION = 100;

/**
 * The ledger transactions of a batch: one per user and up to MAX_PER_TRANSACTION contracts,
 * netted per account: the stakes leave escrow, the payouts reach the option wallet, the house
 * pays the profits and keeps the lost stakes. A user rarely has two contracts expiring in the
 * same second, so this is one transaction per contract in practice, and few when thousands do.
 */
function settlementTransactions(batch: Settled[]): { input: PostInput; settled: Settled[] }[] {
  const byUser = new Map<string, Settled[]>();
  for (const s of batch) {
    const key = `${s.contract.userId}|${s.contract.mode}`;
    const list = byUser.get(key) ?? [];
    if (!byUser.has(key)) byUser.set(key, list);
    list.push(s);
  }
  const out: { input: PostInput; settled: Settled[] }[] = [];
  for (const list of byUser.values()) {
    for (let i = 0; i < list.length; i += MAX_PER_TRANSACTION) {
      const group = list.slice(i, i + MAX_PER_TRANSACTION);
      const { userId } = group[0]!.contract;
      const mode = group[0]!.contract.mode as Mode;
      const stakes = group.reduce((a, s) => a + s.contract.stake, 0n);
      const payouts = group.reduce((a, s) => a + s.payout, 0n);
      const postings = [{ account: userAccount(userId, mode, 'option_frozen', QUOTE_ASSET), amount: -stakes }];
      if (payouts > 0n) postings.push({ account: userAccount(userId, mode, 'option', QUOTE_ASSET), amount: payouts });
      if (stakes !== payouts) postings.push({ account: systemAccount(mode, 'house', QUOTE_ASSET), amount: stakes - payouts });
      const reference = group.length === 1 ? `contract:${group[0]!.contract.id}` : `contracts:${group.map((s) => s.contract.id).join(',')}`;
      // One contract: its result names the transaction (statements read "Contract won"); several: contract_settle.
      const kind = group.length === 1 ? `contract_${group[0]!.result}` : 'contract_settle';
      out.push({ input: { mode, kind, reference, postings }, settled: group });
    }
  }
  return out;
}

/**
 * Settles contracts whose expiry has passed, exactly once (DESIGN.md §6):
 * - the close price is the last recorded tick at or before the expiry (`tickAtOrBefore`, from
 *   stored data only), read `settleGraceMs` after the expiry so a late-delivered tick is in;
 * - contracts are selected while open and locked (`FOR UPDATE SKIP LOCKED`) in the transaction
 *   that posts their ledger transactions and marks them settled, so two workers (or two servers)
 *   share the work and never settle a contract twice;
 * - overdue contracts (the server was down at expiry) are settled by the first pass after start,
 *   from the same stored ticks: the result is what it would have been.
 * Nothing here takes a price or an outcome from outside the market data.
 */
export class ContractSettler {
  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly market: MarketModule,
    private readonly config: ContractConfig,
  ) {}

  /**
   * Settles everything due now; the number settled by this worker. The close ticks of all that is
   * due are read first (from the market's own storage, outside any transaction); then batches,
   * `settleLanes` at once, each on its share of the users so they never wait on each other's
   * accounts, lock their contracts and settle them.
   */
  async settleDue(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - this.config.settleGraceMs);
    const pairs = rowsOf(await this.ctx.db.execute(sql`
      SELECT DISTINCT symbol, expires_at FROM contracts WHERE status = 'open' AND expires_at <= ${cutoff.toISOString()}`));
    if (pairs.length === 0) return 0;
    const ticks = new Map<string, RecordedTick | null>();
    for (const p of pairs) {
      const at = new Date(p.expires_at as string).getTime();
      ticks.set(tickKey(String(p.symbol), at), await this.market.engine.tickAtOrBefore(String(p.symbol), at));
    }
    const lanes = this.config.settleLanes;
    const counts = await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
      let total = 0;
      for (;;) {
        const n = await this.settleBatch(cutoff, ticks, lane, lanes);
        total += n;
        if (n === 0) return total;
      }
    }));
    return counts.reduce((a, b) => a + b, 0);
  }

  private async settleBatch(cutoff: Date, ticks: Map<string, RecordedTick | null>, lane: number, lanes: number): Promise<number> {
    const now = this.ctx.clock.now();
    const done = await this.ctx.db.transaction(async (tx) => {
      // Locks what it settles; rows another worker holds are skipped (that worker settles them),
      // and one it has settled is no longer open: each contract is settled exactly once.
      const due = await tx.select().from(contracts)
        .where(and(
          eq(contracts.status, 'open'),
          lte(contracts.expiresAt, cutoff),
          lanes > 1 ? sql`${contracts.userId} % ${lanes} = ${lane}` : undefined,
        ))
        .orderBy(asc(contracts.expiresAt), asc(contracts.id)).limit(this.config.settleBatch)
        .for('update', { skipLocked: true });
      const batch: Settled[] = [];
      for (const c of due) {
        const close = ticks.get(tickKey(c.symbol, c.expiresAt.getTime()));
        // Cannot happen to a contract that opened on a recorded tick; it stays open and visible.
        if (!close) {
          this.ctx.log.error({ contract: c.id }, 'no recorded tick at or before the expiry of a contract');
          continue;
        }
        const result = outcome(c.direction as ContractDirection, c.openPrice, close.priceUnits);
        const payout = result === 'win' ? c.stake + winProfit(c.stake, c.payoutBps) : result === 'tie' ? c.stake : 0n;
        batch.push({ contract: c, close, result, payout });
      }
      if (batch.length === 0) return [];
      const groups = settlementTransactions(batch);
      const txIds = await this.ledger.postMany(tx, groups.map((g) => g.input));
      const rows = groups.flatMap((g, i) => g.settled.map((s) => ({
        id: s.contract.id, result: s.result, payout: s.payout.toString(), close_time: new Date(s.close.time).toISOString(),
        close_price: s.close.priceUnits, close_source: s.close.source, tx: txIds[i],
      })));
      await tx.execute(sql`
        UPDATE contracts c SET status = 'settled', result = d.result, payout = d.payout, close_tick_time = d.close_time,
          close_price = d.close_price, close_source = d.close_source, settle_transaction_id = d.tx, settled_at = ${now.toISOString()}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(id bigint, result text, payout numeric, close_time timestamptz, close_price bigint, close_source text, tx bigint)
        WHERE c.id = d.id`);
      return batch;
    });
    for (const s of done) {
      const row: ContractRow = {
        ...s.contract, status: 'settled', result: s.result, payout: s.payout, settledAt: now,
        closeTickTime: new Date(s.close.time), closePrice: s.close.priceUnits, closeSource: s.close.source,
      };
      this.market.publishToUser(row.userId, { kind: 'contract', contract: toContract(row) });
    }
    return done.length;
  }
}

const tickKey = (symbol: string, at: number) => `${symbol}@${at}`;

import { inArray, sql } from 'drizzle-orm';
import { QUOTE_ASSET } from '@app/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { systemAccount, userAccount, type Mode } from '../ledger/accounts';
import type { LedgerService, PostInput } from '../ledger/service';
import type { MarketModule } from '../market/routes';
import type { RecordedTick } from '../market/engine';
import { contracts } from '../../db/schema-trading';
import type { ContractConfig } from './config';
import { outcome, toContract, winProfit } from './service';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => ((r as { rows?: Row[] }).rows ?? (r as Row[]));

interface DueContract {
  id: number;
  userId: number;
  mode: Mode;
  symbol: string;
  direction: 'up' | 'down';
  stake: bigint;
  payoutBps: number;
  openPrice: number;
  expiresAt: number;
}

interface Settled {
  contract: DueContract;
  close: RecordedTick;
  result: 'win' | 'loss' | 'tie';
  payout: bigint;
}

/** The ledger transaction of one settlement: the stake leaves escrow; a win adds the profit from the house. */
function settlementPosting(s: Settled): PostInput {
  const { userId, mode, stake, id } = s.contract;
  const frozen = userAccount(userId, mode, 'option_frozen', QUOTE_ASSET);
  const wallet = userAccount(userId, mode, 'option', QUOTE_ASSET);
  const house = systemAccount(mode, 'house', QUOTE_ASSET);
  const postings = [{ account: frozen, amount: -stake }];
  if (s.result === 'loss') postings.push({ account: house, amount: stake });
  else {
    postings.push({ account: wallet, amount: s.payout });
    if (s.payout > stake) postings.push({ account: house, amount: stake - s.payout });
  }
  return { mode, kind: `contract_${s.result}`, reference: `contract:${id}`, postings };
}

/**
 * Settles contracts whose expiry has passed, exactly once (DESIGN.md §6):
 * - the close price is the last recorded tick at or before the expiry (`tickAtOrBefore`, from
 *   stored data only), read `settleGraceMs` after the expiry so a late-delivered tick is in;
 * - contracts are claimed with `FOR UPDATE SKIP LOCKED` and settled by a conditional update from
 *   `open` in the same transaction as their ledger postings, so two workers (or two servers)
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

  /** Settles everything due now; the number settled by this worker. */
  async settleDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const cutoff = this.ctx.clock.now().getTime() - this.config.settleGraceMs;
      const n = await this.settleBatch(cutoff);
      total += n;
      if (n === 0) return total;
    }
  }

  private async settleBatch(cutoff: number): Promise<number> {
    const due = await this.dueBy(cutoff);
    if (due.length === 0) return 0;
    // Close ticks are read before the transaction (they come from the market's own storage).
    const ticks = new Map<string, RecordedTick | null>();
    for (const c of due) {
      const key = `${c.symbol}@${c.expiresAt}`;
      if (!ticks.has(key)) ticks.set(key, await this.market.engine.tickAtOrBefore(c.symbol, c.expiresAt));
    }
    const settled: Settled[] = [];
    for (const c of due) {
      const close = ticks.get(`${c.symbol}@${c.expiresAt}`);
      // Cannot happen to a contract that opened on a recorded tick; it stays open and visible.
      if (!close) {
        this.ctx.log.error({ contract: c.id }, 'no recorded tick at or before the expiry of a contract');
        continue;
      }
      const result = outcome(c.direction, c.openPrice, close.priceUnits);
      const payout = result === 'win' ? c.stake + winProfit(c.stake, c.payoutBps) : result === 'tie' ? c.stake : 0n;
      settled.push({ contract: c, close, result, payout });
    }
    const ids = await this.ctx.db.transaction(async (tx) => {
      const mine = await this.claim(tx, settled.map((s) => s.contract.id));
      const batch = settled.filter((s) => mine.has(s.contract.id));
      if (batch.length === 0) return [];
      const txIds = await this.ledger.postMany(tx, batch.map(settlementPosting));
      const json = JSON.stringify(batch.map((s, i) => ({
        id: s.contract.id, result: s.result, payout: s.payout.toString(), close_time: new Date(s.close.time).toISOString(),
        close_price: s.close.priceUnits, close_source: s.close.source, tx: txIds[i],
      })));
      await tx.execute(sql`
        UPDATE contracts c SET status = 'settled', result = d.result, payout = d.payout, close_tick_time = d.close_time,
          close_price = d.close_price, close_source = d.close_source, settle_transaction_id = d.tx,
          settled_at = ${this.ctx.clock.now().toISOString()}
        FROM jsonb_to_recordset(${json}::jsonb) AS d(id bigint, result text, payout numeric, close_time timestamptz, close_price bigint, close_source text, tx bigint)
        WHERE c.id = d.id`);
      return batch.map((s) => s.contract.id);
    });
    if (ids.length) {
      for (const row of await this.ctx.db.select().from(contracts).where(inArray(contracts.id, ids))) {
        this.market.publishToUser(row.userId, { kind: 'contract', contract: toContract(row) });
      }
    }
    return ids.length;
  }

  private async dueBy(cutoff: number): Promise<DueContract[]> {
    const rows = rowsOf(await this.ctx.db.execute(sql`
      SELECT id, user_id, mode, symbol, direction, stake::text AS stake, payout_bps, open_price, expires_at
      FROM contracts WHERE status = 'open' AND expires_at <= ${new Date(cutoff).toISOString()}
      ORDER BY expires_at, id LIMIT ${this.config.settleBatch}`));
    return rows.map((r) => ({
      id: Number(r.id), userId: Number(r.user_id), mode: r.mode as Mode, symbol: String(r.symbol), direction: r.direction as 'up' | 'down',
      stake: BigInt(String(r.stake)), payoutBps: Number(r.payout_bps), openPrice: Number(r.open_price), expiresAt: new Date(r.expires_at as string).getTime(),
    }));
  }

  /**
   * Locks those of `ids` that are still open. A row another worker holds is skipped: that worker
   * settles it; one it has settled is no longer open. Either way it is settled exactly once.
   */
  private async claim(tx: Tx, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = rowsOf(await tx.execute(sql`
      SELECT id FROM contracts
      WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint) AND status = 'open'
      ORDER BY id FOR UPDATE SKIP LOCKED`));
    return new Set(rows.map((r) => Number(r.id)));
  }
}

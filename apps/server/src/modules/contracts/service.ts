import { and, eq, exists, inArray, not, sql } from 'drizzle-orm';
import { newestFirst } from '../../db/paging';
import {
  QUOTE_ASSET, formatAmount, instrumentOf,
  type Contract, type ContractCreateBody, type ContractSettlement, type ContractDirection, type ContractList, type ContractListQuery, type ContractProduct,
  type ContractResult, type DecidingTick, type Market,
} from '@app/contract';
import type { AppContext } from '../../context';
import { contractSettlements, contracts, contractsOpen } from '../../db/schema-trading';
import { AppError } from '../../lib/app-error';
import { once, type IdempotencyRequest } from '../../lib/idempotency';
import { BPS, USDT, rateText } from '../../lib/usdt-math';
import { userAccount, type Mode } from '../ledger/accounts';
import type { LedgerService } from '../ledger/service';
import type { MarketModule } from '../market/routes';
import { instrumentOrThrow } from '../market/service';
import { sessionState } from '../market/sessions';
import { positiveAmount, type WalletService } from '../wallet/service';
import type { ContractConfig } from './config';
import { productsRepo, toProduct } from './products';

export type ContractRow = typeof contracts.$inferSelect;
export type SettlementRow = typeof contractSettlements.$inferSelect;

/** Which create/list endpoint: crypto (transaction/api/contract) or the rest (asset/api/forex/contract). */
export type ContractDesk = 'crypto' | 'forex';
const DESK_MARKETS: Record<ContractDesk, readonly Market[]> = {
  crypto: ['CRYPTO'],
  forex: ['FOREX', 'CFD', 'INDIES', 'STOCK'],
};

/** The outcome rule of DESIGN.md §6, on prices in the same integer units. */
export function outcome(direction: ContractDirection, open: number, close: number): ContractResult {
  if (close === open) return 'tie';
  return (close > open) === (direction === 'up') ? 'win' : 'loss';
}

/** Profit on a win: stake × payout rate, rounded down to USDT's minor unit. */
export function winProfit(stake: bigint, payoutBps: number): bigint {
  return (stake * BigInt(payoutBps)) / BPS;
}

const money = (minor: bigint) => formatAmount(minor, USDT.scale);
const priceText = (symbol: string, units: number) => formatAmount(BigInt(units), instrumentOf(symbol)!.priceDecimals);

/** What settling sets on a contract, as the API shows it. */
export function settlementOf(
  contract: { id: number; stake: bigint },
  s: { result: ContractResult; payout: bigint; closeTick: DecidingTick; settledAt: number },
): ContractSettlement {
  return {
    id: contract.id,
    result: s.result,
    closeTick: s.closeTick,
    payout: money(s.payout),
    profit: money(s.payout - contract.stake),
    settledAt: s.settledAt,
  };
}

/** A contract as the API shows it: open while it has no settlement. */
export function toContract(row: ContractRow, settlement: SettlementRow | null): Contract {
  const inst = instrumentOf(row.symbol)!;
  const settled = settlement
    ? settlementOf(row, {
      result: settlement.result as ContractResult, payout: settlement.payout, settledAt: settlement.settledAt.getTime(),
      closeTick: { time: settlement.closeTickTime.getTime(), price: priceText(row.symbol, settlement.closePrice), source: settlement.closeSource },
    })
    : null;
  return {
    id: row.id,
    typeUser: row.mode as Mode,
    symbol: row.symbol,
    displaySymbol: inst.displaySymbol,
    market: row.market as Market,
    direction: row.direction as ContractDirection,
    duration: row.durationSeconds,
    payoutRate: rateText(row.payoutBps),
    asset: row.asset,
    stake: money(row.stake),
    status: settled ? 'settled' : 'open',
    result: settled?.result ?? null,
    openTime: row.openTime.getTime(),
    expiresAt: row.expiresAt.getTime(),
    openTick: { time: row.openTickTime.getTime(), price: priceText(row.symbol, row.openPrice), source: row.openSource },
    closeTick: settled?.closeTick ?? null,
    payout: settled?.payout ?? null,
    profit: settled?.profit ?? null,
    settledAt: settled?.settledAt ?? null,
  };
}

/**
 * Seconds contracts (spec §1, DESIGN.md §6). The server fixes the open price from its own last
 * tick when it accepts the order; the stake moves to the option wallet's frozen account in the
 * same transaction that creates the contract. Settlement is in `settlement.ts`.
 */
export class ContractService {
  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly wallets: WalletService,
    private readonly market: MarketModule,
    private readonly config: ContractConfig,
  ) {}

  async products(market?: Market): Promise<ContractProduct[]> {
    return (await productsRepo.list(this.ctx.db, market)).map(toProduct);
  }

  async create(userId: number, mode: Mode, desk: ContractDesk, body: ContractCreateBody, idem: IdempotencyRequest | null): Promise<Contract> {
    const inst = instrumentOrThrow(body.symbol);
    if (!DESK_MARKETS[desk].includes(inst.market)) throw new AppError('CONTRACT_WRONG_MARKET');
    const now = this.ctx.clock.now();
    const session = sessionState(inst, now.getTime());
    if (!session.open) {
      throw new AppError('MARKET_CLOSED', { nextOpen: session.nextOpen === null ? '' : new Date(session.nextOpen).toISOString() });
    }
    const product = await productsRepo.find(this.ctx.db, inst.market, body.duration);
    if (!product) throw new AppError('CONTRACT_DURATION_UNKNOWN');
    const stake = positiveAmount(body.amount, USDT);
    if (stake < product.minStake || stake > product.maxStake) throw new AppError('AMOUNT_OUT_OF_RANGE');
    // The open price: the last tick the engine has taken in, never a price from the client.
    const quote = this.market.engine.latest(inst.symbol);
    if (!quote || quote.stale || quote.tickTime === undefined || now.getTime() - quote.tickTime > this.config.maxTickAgeMs) {
      throw new AppError('PRICE_UNAVAILABLE');
    }

    await this.wallets.prepare(userId, mode);
    const created = await this.ctx.db.transaction((tx) =>
      once(tx, userId, idem, now, async () => {
        const [row] = await tx.insert(contracts).values({
          userId, mode, market: inst.market, symbol: inst.symbol, direction: body.direction, durationSeconds: product.durationSeconds,
          payoutBps: product.payoutBps, asset: QUOTE_ASSET, stake, openTime: now,
          expiresAt: new Date(now.getTime() + product.durationSeconds * 1000),
          openTickTime: new Date(quote.tickTime!), openPrice: quote.price, openSource: quote.source,
        }).returning();
        await tx.insert(contractsOpen).values({ contractId: row!.id, userId, symbol: row!.symbol, expiresAt: row!.expiresAt });
        const posted = await this.ledger.post(tx, {
          mode, kind: 'contract_open', reference: `contract:${row!.id}`,
          postings: [
            { account: userAccount(userId, mode, 'option', QUOTE_ASSET), amount: -stake },
            { account: userAccount(userId, mode, 'option_frozen', QUOTE_ASSET), amount: stake },
          ],
        });
        const [done] = await tx.update(contracts).set({ openTransactionId: posted.transactionId }).where(eq(contracts.id, row!.id)).returning();
        return toContract(done!, null);
      }));
    this.market.publishToUser(userId, { kind: 'contract', contract: created });
    return created;
  }

  async list(userId: number, mode: Mode, desk: ContractDesk, q: ContractListQuery): Promise<ContractList> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const settled = exists(this.ctx.db.select({ one: sql`1` }).from(contractSettlements).where(eq(contractSettlements.contractId, contracts.id)));
    const where = and(
      eq(contracts.userId, userId),
      eq(contracts.mode, mode),
      inArray(contracts.market, [...DESK_MARKETS[desk]]),
      q.status === 'open' ? not(settled) : q.status === 'settled' ? settled : undefined,
      q.symbol ? eq(contracts.symbol, instrumentOrThrow(q.symbol).symbol) : undefined,
    );
    const { rows, total } = await newestFirst(this.ctx.db, contracts, where, page, size);
    const settlements = await this.settlementsOf(rows.map((r) => r.id));
    return { items: rows.map((r) => toContract(r, settlements.get(r.id) ?? null)), page, size, total };
  }

  /** One of the user's contracts with the ticks that decided it. */
  async detail(userId: number, mode: Mode, id: number): Promise<Contract> {
    const [row] = await this.ctx.db.select().from(contracts)
      .where(and(eq(contracts.id, id), eq(contracts.userId, userId), eq(contracts.mode, mode)));
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return toContract(row, (await this.settlementsOf([row.id])).get(row.id) ?? null);
  }

  private async settlementsOf(ids: number[]): Promise<Map<number, SettlementRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.ctx.db.select().from(contractSettlements).where(inArray(contractSettlements.contractId, ids));
    return new Map(rows.map((r) => [r.contractId, r]));
  }
}

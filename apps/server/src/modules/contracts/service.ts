import crypto from 'node:crypto';
import {
  QUOTE_ASSET,
  STAKE_DECIMALS,
  formatAmount,
  instrumentOf,
  parseAmount,
  type Contract,
  type ContractCreateBody,
  type ContractSettlement,
  type ContractDirection,
  type ContractList,
  type ContractListQuery,
  type ContractProduct,
  type ContractResult,
  type DecidingTick,
  type Market,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { BPS, USDT, rateText } from '../../lib/usdt-math';
import { userAccount, type Mode, type MoneyCommands, type MoneyRequest } from '../ledger';
import { instrumentOrThrow, sessionState, type MarketModule } from '../market';
import { positiveAmount } from '../wallet';
import type { ContractConfig } from '../../config';
import { toProduct } from './products';
import { contractsRepo, openingRecords, type ContractRow, type OpeningValues, type SettlementRow } from './repository';

/** Which create/list endpoint: crypto (transaction/api/contract) or the rest (asset/api/forex/contract). */
export type ContractDesk = 'crypto' | 'forex';
const DESK_MARKETS: Record<ContractDesk, readonly Market[]> = {
  crypto: ['CRYPTO'],
  forex: ['FOREX', 'CFD', 'INDIES', 'STOCK'],
};

/** The outcome rule of docs/trading.md, on prices in the same integer units. */
export function outcome(direction: ContractDirection, open: number, close: number): ContractResult {
  if (close === open) return 'tie';
  return close > open === (direction === 'up') ? 'win' : 'loss';
}

/** Profit on a win: stake × payout rate, rounded down to USDT's minor unit. */
export function winProfit(stake: bigint, payoutBps: number): bigint {
  return (stake * BigInt(payoutBps)) / BPS;
}

/** A USDT amount as the API writes it. */
export const usdtText = (minor: bigint) => formatAmount(minor, USDT.scale);
const priceText = (symbol: string, units: number) => formatAmount(BigInt(units), instrumentOf(symbol)!.priceDecimals);

/** What a settled contract pays back, with the texts the API and the database take. */
export interface ResultPay {
  /** Minor units of USDT. */
  payout: bigint;
  /** `payout` in decimal minor units (a SQL numeric). */
  payoutMinor: string;
  payoutText: string;
  /** payout − stake, as the API writes it. */
  profitText: string;
}

export function resultPay(stake: bigint, payout: bigint): ResultPay {
  return { payout, payoutMinor: payout.toString(), payoutText: usdtText(payout), profitText: usdtText(payout - stake) };
}

/** The payout of each result (docs/trading.md): a win pays back the stake and its profit, a tie the stake, a loss nothing. */
export function payByResult(stake: bigint, payoutBps: number): Record<ContractResult, ResultPay> {
  return {
    win: resultPay(stake, stake + winProfit(stake, payoutBps)),
    tie: resultPay(stake, stake),
    loss: resultPay(stake, 0n),
  };
}

/** What settling sets on a contract, as the API shows it. */
export function settlementOf(
  contract: { publicId: string },
  s: { result: ContractResult; pay: ResultPay; closeTick: DecidingTick; settledAt: number },
): ContractSettlement {
  return {
    id: contract.publicId,
    result: s.result,
    closeTick: s.closeTick,
    payout: s.pay.payoutText,
    profit: s.pay.profitText,
    settledAt: s.settledAt,
  };
}

/** A contract as the API shows it: open while it has no settlement. */
export function toContract(
  row: Omit<ContractRow, 'id' | 'openTransactionId'>,
  settlement: SettlementRow | null,
): Contract {
  const inst = instrumentOf(row.symbol)!;
  const settled = settlement
    ? settlementOf(row, {
        result: settlement.result as ContractResult,
        pay: resultPay(row.stake, settlement.payout),
        settledAt: settlement.settledAt.getTime(),
        closeTick: {
          time: settlement.closeTickTime.getTime(),
          price: priceText(row.symbol, settlement.closePrice),
          source: settlement.closeSource,
        },
      })
    : null;
  return {
    id: row.publicId,
    typeUser: row.mode as Mode,
    symbol: row.symbol,
    displaySymbol: inst.displaySymbol,
    market: row.market as Market,
    direction: row.direction as ContractDirection,
    duration: row.durationSeconds,
    payoutRate: rateText(row.payoutBps),
    asset: row.asset,
    stake: usdtText(row.stake),
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
 * Seconds contracts (docs/product.md §1, docs/trading.md). The server fixes the open price from its own last
 * tick when it accepts the order; the stake moves to the option wallet's frozen account in the
 * same transaction that creates the contract. Settlement is in `settlement.ts`.
 */
export class ContractService {
  constructor(
    private readonly ctx: AppContext,
    private readonly money: MoneyCommands,
    private readonly market: MarketModule,
    private readonly config: ContractConfig,
  ) {}

  async products(market?: Market): Promise<ContractProduct[]> {
    return (await contractsRepo.products(this.ctx.db, market)).map(toProduct);
  }

  async create(req: MoneyRequest, desk: ContractDesk, body: ContractCreateBody): Promise<Contract> {
    const inst = instrumentOrThrow(body.symbol);
    if (!DESK_MARKETS[desk].includes(inst.market)) throw new AppError('CONTRACT_WRONG_MARKET');
    const now = this.ctx.clock.now();
    const session = sessionState(inst, now.getTime());
    if (!session.open) {
      throw new AppError('MARKET_CLOSED', {
        nextOpen: session.nextOpen === null ? '' : new Date(session.nextOpen).toISOString(),
      });
    }
    const product = await contractsRepo.product(this.ctx.db, inst.market, body.duration);
    if (!product) throw new AppError('CONTRACT_DURATION_UNKNOWN');
    const stake = positiveAmount(body.amount, USDT);
    // Whole cents only (one constant with the web form): a finer stake is refused, never cut.
    if (parseAmount(body.amount, USDT.scale, STAKE_DECIMALS) === null)
      throw new AppError('PRECISION_INVALID', { decimals: STAKE_DECIMALS });
    if (stake < product.minStake || stake > product.maxStake) throw new AppError('AMOUNT_OUT_OF_RANGE');
    // The open price: the last tick the engine has taken in, never a price from the client.
    const quote = this.market.latest(inst.symbol);
    if (
      !quote ||
      quote.stale ||
      quote.tickTime === undefined ||
      now.getTime() - quote.tickTime > this.config.maxTickAgeMs
    ) {
      throw new AppError('PRICE_UNAVAILABLE');
    }
    const tickTime = quote.tickTime;

    const { userId, mode } = req;
    // One statement (`MoneyCommands.single`): everything the opening writes and answers is known here.
    // The contract's public id names it in the ledger: the stake's transaction and the contract are written together.
    const publicId = crypto.randomUUID();
    const row: OpeningValues = {
      publicId,
      userId,
      mode,
      market: inst.market,
      symbol: inst.symbol,
      direction: body.direction,
      durationSeconds: product.durationSeconds,
      payoutBps: product.payoutBps,
      asset: QUOTE_ASSET,
      stake,
      openTime: now,
      expiresAt: new Date(now.getTime() + product.durationSeconds * 1000),
      openTickTime: new Date(tickTime),
      openPrice: quote.price,
      openSource: quote.source,
    };
    const created = toContract(row, null);
    return this.money.single(req, {
      now,
      post: {
        kind: 'contract_open',
        reference: `contract:${publicId}`,
        postings: [
          { account: userAccount(userId, mode, 'option', QUOTE_ASSET), amount: -stake },
          { account: userAccount(userId, mode, 'option_frozen', QUOTE_ASSET), amount: stake },
        ],
      },
      answer: created,
      records: openingRecords,
      values: row,
      events: [[userId, { kind: 'contract', contract: created }]],
    });
  }

  async list(userId: number, mode: Mode, desk: ContractDesk, q: ContractListQuery): Promise<ContractList> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const symbol = q.symbol ? instrumentOrThrow(q.symbol).symbol : undefined;
    const { rows, total } = await contractsRepo.page(
      this.ctx.db,
      { userId, mode, markets: DESK_MARKETS[desk], status: q.status, symbol },
      page,
      size,
    );
    const settlements = await contractsRepo.settlementsOf(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => toContract(r, settlements.get(r.id) ?? null)), page, size, total };
  }

  /** One of the user's contracts with the ticks that decided it. */
  async detail(userId: number, mode: Mode, publicId: string): Promise<Contract> {
    const row = await contractsRepo.ofUser(this.ctx.db, publicId, userId, mode);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return toContract(row, (await contractsRepo.settlementsOf(this.ctx.db, [row.id])).get(row.id) ?? null);
  }
}

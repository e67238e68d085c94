import {
  INSTRUMENTS,
  NUMBER_MAXIMUM,
  QUOTE_ASSET,
  assetOf,
  formatAmount,
  instrumentOf,
  parseAmount,
  pow10,
  type AssetDef,
  type Instrument,
  type OrderEvent,
  type SpotOrder,
  type SpotOrderBody,
  type SpotOrderList,
  type SpotSide,
  type SpotStatus,
  type SpotType,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { USDT, feeOf, usdtFor } from '../../lib/usdt-math';
import {
  systemAccount,
  userAccount,
  type Mode,
  type MoneyCommands,
  type MoneyRequest,
  type MoneyStep,
  type Posting,
} from '../ledger';
import { positiveAmount } from '../wallet';
import type { SpotConfig } from '../../config';
import { spotRepo, type OrderRow } from './repository';

/** A spot pair: a crypto instrument quoted in USDT whose base coin has a wallet. */
interface Pair {
  inst: Instrument;
  base: AssetDef;
}

/** What spot needs from market data: the latest quote, in integer price units. */
export interface SpotMarket {
  latest(symbol: string): { bid: number; ask: number; stale: boolean } | undefined;
}

/** Every spot pair, in catalogue order. */
export const SPOT_PAIRS: readonly Pair[] = INSTRUMENTS.flatMap((inst) => {
  const base = assetOf(inst.base);
  return inst.market === 'CRYPTO' && inst.quote === QUOTE_ASSET && base && base.symbol !== QUOTE_ASSET
    ? [{ inst, base }]
    : [];
});
const PAIR_BY_SYMBOL = new Map(SPOT_PAIRS.map((p) => [p.inst.symbol, p]));

function pairOf(symbol: string): Pair {
  const s = symbol.toUpperCase();
  const pair = PAIR_BY_SYMBOL.get(s);
  if (pair) return pair;
  throw new AppError(instrumentOf(s) ? 'SPOT_NOT_AVAILABLE' : 'SYMBOL_UNKNOWN');
}

/** Fraction digits of a decimal string that matter (trailing zeros do not). */
const decimalsIn = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;

/** The base-coin quantity: at most the instrument's amount decimals, and whole minor units of the coin. */
function amountOf(text: string, pair: Pair): bigint {
  const decimals = Math.min(pair.inst.amountDecimals, pair.base.scale);
  if (decimalsIn(text) > decimals) throw new AppError('PRECISION_INVALID', { decimals });
  return positiveAmount(text, pair.base);
}

/** A limit price in instrument price units: positive, at most the price decimals. */
function limitPriceOf(text: string, inst: Instrument): bigint {
  if (decimalsIn(text) > inst.priceDecimals) throw new AppError('PRECISION_INVALID', { decimals: inst.priceDecimals });
  const units = parseAmount(text, inst.priceDecimals);
  if (units === null || units <= 0n || units > BigInt(NUMBER_MAXIMUM) * pow10(inst.priceDecimals))
    throw new AppError('AMOUNT_INVALID');
  // Stored as a bigint column read as a JS number: refuse what it cannot hold exactly.
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError('AMOUNT_OUT_OF_RANGE');
  return units;
}

/**
 * The USDT side of a fill of `amount` at `price` (docs/ledger.md "Spot"): a buy pays the value
 * rounded up plus the fee, a sell gets the value rounded down less the fee; the fee is rounded up.
 */
function valueAt(
  side: SpotSide,
  amount: bigint,
  pair: Pair,
  price: bigint,
  feeBps: number,
): { total: bigint; fee: bigint } {
  const total = usdtFor(amount, pair.base, price, pair.inst.priceDecimals, side === 'buy' ? 'up' : 'down');
  return { total, fee: feeOf(total, feeBps) };
}

/** What a buy escrows: the cost at the limit price plus its fee, exactly what a fill there takes. */
const buyEscrow = (v: { total: bigint; fee: bigint }) => v.total + v.fee;

/**
 * Postings of a fill. The user pays from `currency` (an order filled on arrival) or from the
 * escrow in `currency_frozen` (a resting limit order, `reserved` of it; what the fill does not
 * use goes back to `currency`). The house is the counterparty; the fee goes to `fees`, in USDT.
 */
function fillPostings(
  userId: number,
  mode: Mode,
  side: SpotSide,
  pair: Pair,
  amount: bigint,
  v: { total: bigint; fee: bigint },
  from: { kind: 'currency' } | { kind: 'currency_frozen'; reserved: bigint },
): Posting[] {
  const coin = pair.base.symbol;
  const paidAsset = side === 'buy' ? QUOTE_ASSET : coin;
  const paid = side === 'buy' ? v.total + v.fee : amount;
  const postings: Posting[] =
    from.kind === 'currency'
      ? [{ account: userAccount(userId, mode, 'currency', paidAsset), amount: -paid }]
      : [
          { account: userAccount(userId, mode, 'currency_frozen', paidAsset), amount: -from.reserved },
          { account: userAccount(userId, mode, 'currency', paidAsset), amount: from.reserved - paid },
        ];
  const sign = side === 'buy' ? 1n : -1n;
  postings.push(
    {
      account: userAccount(userId, mode, 'currency', side === 'buy' ? coin : QUOTE_ASSET),
      amount: side === 'buy' ? amount : v.total - v.fee,
    },
    { account: systemAccount(mode, 'house', coin), amount: -sign * amount },
    { account: systemAccount(mode, 'house', QUOTE_ASSET), amount: sign * v.total },
    { account: systemAccount(mode, 'fees', QUOTE_ASSET), amount: v.fee },
  );
  return postings.filter((p) => p.amount !== 0n);
}

function toSpotOrder(row: OrderRow): SpotOrder {
  const pair = PAIR_BY_SYMBOL.get(row.symbol)!;
  const price = (units: number | null) =>
    units === null ? null : formatAmount(BigInt(units), pair.inst.priceDecimals);
  const usdt = (minor: bigint | null) => (minor === null ? null : formatAmount(minor, USDT.scale));
  return {
    id: row.publicId,
    typeUser: row.mode as Mode,
    symbol: row.symbol,
    displaySymbol: pair.inst.displaySymbol,
    base: pair.base.symbol,
    quote: QUOTE_ASSET,
    side: row.side as SpotSide,
    type: row.type as SpotType,
    status: row.status as SpotStatus,
    price: price(row.price),
    amount: formatAmount(row.amount, pair.base.scale),
    fillPrice: price(row.fillPrice),
    total: usdt(row.total),
    fee: usdt(row.fee),
    feeAsset: QUOTE_ASSET,
    createdAt: row.createdAt.getTime(),
    closedAt: row.closedAt?.getTime() ?? null,
  };
}

/**
 * Spot orders, crypto against USDT in the currency wallet (docs/trading.md).
 * Market orders fill on arrival at the quote's ask (buy) or bid (sell); limit orders escrow
 * their funds in `currency_frozen` and rest until the matcher sees the quote cross them. The
 * house is the counterparty of every fill. Each money movement is one ledger transaction
 * together with the order row's change, and a resting order leaves `open` exactly once, by a
 * conditional update, whoever (matcher, cancel, a second matcher) gets there first.
 */
export class SpotService {
  constructor(
    private readonly ctx: AppContext,
    private readonly money: MoneyCommands,
    private readonly market: SpotMarket,
    readonly config: SpotConfig,
  ) {}

  /** The live quote in price units; a missing or stale one cannot fill anything. */
  private quoteOf(inst: Instrument): { bid: bigint; ask: bigint } | null {
    const q = this.market.latest(inst.symbol);
    if (!q || q.stale || !Number.isSafeInteger(q.bid) || !Number.isSafeInteger(q.ask) || q.bid <= 0 || q.ask <= 0)
      return null;
    return { bid: BigInt(q.bid), ask: BigInt(q.ask) };
  }

  /** The order's state as the answer and as an event on the user's feed (after the commit). */
  private changed(m: MoneyStep, userId: number, row: OrderRow): SpotOrder {
    const order = toSpotOrder(row);
    m.publish(userId, { kind: 'spot', order } satisfies OrderEvent);
    return order;
  }

  /**
   * Places an order. A market order, and a limit order the quote already crosses, fill now at
   * the current ask or bid (for a limit order that is its limit or better); any other limit
   * order escrows its funds and rests.
   */
  place(req: MoneyRequest, body: SpotOrderBody): Promise<SpotOrder> {
    const pair = pairOf(body.symbol);
    if ((body.type === 'limit') !== (body.price !== undefined)) throw new AppError('LIMIT_PRICE_REQUIRED');
    const amount = amountOf(body.amount, pair);
    const limit = body.price === undefined ? null : limitPriceOf(body.price, pair.inst);
    return this.money.request(req, (m) => this.insert(m, req, body, pair, amount, limit));
  }

  private async insert(
    m: MoneyStep,
    { userId, mode }: MoneyRequest,
    body: SpotOrderBody,
    pair: Pair,
    amount: bigint,
    limit: bigint | null,
  ): Promise<SpotOrder> {
    const q = this.quoteOf(pair.inst);
    if (!q) throw new AppError('PRICE_UNAVAILABLE');
    const side = body.side;
    const feeBps = this.config.feeBps;
    const market = side === 'buy' ? q.ask : q.bid;
    const crosses = limit === null || (side === 'buy' ? market <= limit : market >= limit);
    const price = crosses ? market : limit!;
    const v = valueAt(side, amount, pair, price, feeBps);
    if (v.total < BigInt(this.config.minOrderUsdt) * pow10(USDT.scale)) throw new AppError('AMOUNT_OUT_OF_RANGE');
    const base = {
      userId,
      mode,
      symbol: pair.inst.symbol,
      side,
      type: body.type,
      amount,
      price: limit === null ? null : Number(limit),
      feeBps,
      createdAt: m.now,
    };

    // The row first, so the ledger transaction can name it (`spot_order:<public id>`) like fills and cancels do.
    const reservedAsset = side === 'buy' ? QUOTE_ASSET : pair.base.symbol;
    const reserved = side === 'buy' ? buyEscrow(v) : amount;
    const row = await spotRepo.insert(
      m.tx,
      crosses
        ? { ...base, status: 'filled', fillPrice: Number(price), total: v.total, fee: v.fee, closedAt: m.now }
        : { ...base, status: 'open', reservedAsset, reserved },
    );
    const reference = `spot_order:${row.publicId}`;
    if (crosses) {
      const closeTransactionId = await m.post({
        kind: `spot_${side}`,
        reference,
        postings: fillPostings(userId, mode, side, pair, amount, v, { kind: 'currency' }),
      });
      return this.changed(m, userId, await spotRepo.record(m.tx, row.id, { closeTransactionId }));
    }
    const openTransactionId = await m.post({
      kind: 'spot_escrow',
      reference,
      postings: [
        { account: userAccount(userId, mode, 'currency', reservedAsset), amount: -reserved },
        { account: userAccount(userId, mode, 'currency_frozen', reservedAsset), amount: reserved },
      ],
    });
    return this.changed(m, userId, await spotRepo.record(m.tx, row.id, { openTransactionId }));
  }

  /** Cancels an open order of the user in this mode and returns its escrow, in one transaction. */
  cancel(req: MoneyRequest, orderId: string): Promise<SpotOrder> {
    const { userId, mode } = req;
    return this.money.request(req, async (m) => {
      const mine = { publicId: orderId, userId, mode };
      const row = await spotRepo.close(m.tx, mine, 'cancelled', m.now);
      if (!row) throw new AppError((await spotRepo.exists(m.tx, mine)) ? 'ORDER_NOT_OPEN' : 'ORDER_NOT_FOUND');
      const closeTransactionId = await m.post({
        kind: 'spot_cancel',
        reference: `spot_order:${row.publicId}`,
        postings: [
          { account: userAccount(userId, mode, 'currency_frozen', row.reservedAsset!), amount: -row.reserved },
          { account: userAccount(userId, mode, 'currency', row.reservedAsset!), amount: row.reserved },
        ],
      });
      // The escrow is back in the wallet: nothing stays reserved.
      return this.changed(m, userId, await spotRepo.record(m.tx, row.id, { reserved: 0n, closeTransactionId }));
    });
  }

  // ----- matcher ----------------------------------------------------------------------------

  /**
   * One matcher pass: every open limit order that the latest quote crosses fills at its limit
   * price, oldest first, at most `matchBatch`; each in its own transaction. Returns how many it filled.
   */
  async matchOnce(): Promise<number> {
    const quotes = SPOT_PAIRS.flatMap(({ inst }) => {
      const q = this.quoteOf(inst);
      return q ? [{ symbol: inst.symbol, bid: Number(q.bid), ask: Number(q.ask) }] : [];
    });
    let filled = 0;
    for (const id of await spotRepo.crossing(this.ctx.db, quotes, this.config.matchBatch)) {
      try {
        if (await this.fill(id)) filled++;
      } catch (err) {
        // One order that cannot fill (a bug) must not stop the others; it stays open and visible.
        this.ctx.log.error({ err, orderId: id }, 'spot fill failed');
      }
    }
    return filled;
  }

  /** Fills one open limit order at its limit price from its escrow; null when it is no longer open. */
  private fill(id: number): Promise<SpotOrder | null> {
    return this.money.run({
      userId: null,
      step: async (m) => {
        const row = await spotRepo.close(m.tx, { id }, 'filled', m.now);
        if (!row) return null;
        const mode = row.mode as Mode;
        const side = row.side as SpotSide;
        const pair = PAIR_BY_SYMBOL.get(row.symbol)!;
        const v = valueAt(side, row.amount, pair, BigInt(row.price!), row.feeBps);
        const closeTransactionId = await m.post({
          mode,
          kind: `spot_${side}`,
          reference: `spot_order:${row.publicId}`,
          postings: fillPostings(row.userId, mode, side, pair, row.amount, v, {
            kind: 'currency_frozen',
            reserved: row.reserved,
          }),
        });
        return this.changed(
          m,
          row.userId,
          await spotRepo.record(m.tx, row.id, {
            fillPrice: row.price,
            total: v.total,
            fee: v.fee,
            reserved: 0n,
            closeTransactionId,
          }),
        );
      },
    });
  }

  // ----- reading ----------------------------------------------------------------------------

  /** The user's orders in this mode with one of `statuses`, newest first. */
  async list(
    userId: number,
    mode: Mode,
    statuses: SpotStatus[],
    q: { page?: number; size?: number; symbol?: string },
  ): Promise<SpotOrderList> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const { rows, total } = await spotRepo.page(
      this.ctx.db,
      { userId, mode, statuses, symbol: q.symbol?.toUpperCase() },
      page,
      size,
    );
    return { items: rows.map(toSpotOrder), page, size, total };
  }

  async detail(userId: number, mode: Mode, publicId: string): Promise<SpotOrder> {
    const row = await spotRepo.ofUser(this.ctx.db, { publicId, userId, mode });
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return toSpotOrder(row);
  }
}

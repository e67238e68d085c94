import { Type, type Static } from 'typebox';
import { TYPE_USERS } from '../constants';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { MarketSchema, SymbolParam } from './market';
import { AmountString, Page } from './wallet';

/**
 * Trading (docs/product.md §7 "Market and contracts", docs/trading.md): seconds contracts in the option
 * wallet, spot orders (crypto against USDT) in the currency wallet. Money and prices are decimal
 * strings with the asset's or instrument's decimals; times are UTC epoch milliseconds (`EpochMs`).
 */

const Decimal = Type.String({ description: 'decimal string' });
const NullableDecimal = Type.Union([Decimal, Type.Null()]);
const Id = PublicIdParam('ORDER_NOT_FOUND');
const Paged = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ items: Type.Array(item), page: Type.Integer(), size: Type.Integer(), total: Type.Integer() });

// ---------------------------------------------------------------------------------------------
// Seconds contracts

export const CONTRACT_DIRECTIONS = ['up', 'down'] as const;
export type ContractDirection = (typeof CONTRACT_DIRECTIONS)[number];
export const CONTRACT_STATUSES = ['open', 'settled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** win: close beyond open in the chosen direction; loss: the other way; tie: close equals open (stake back). */
export const CONTRACT_RESULTS = ['win', 'loss', 'tie'] as const;
export type ContractResult = (typeof CONTRACT_RESULTS)[number];

/** One product: a duration offered in a market group, its payout rate and stake limits. */
export const ContractProduct = Type.Object({
  market: MarketSchema,
  /** Seconds; shown in sec, mins or hour units (docs/product.md §9). */
  duration: Type.Integer(),
  /** Profit on a win as a fraction of the stake, e.g. "0.85". */
  payoutRate: Decimal,
  /** The win rate at which the product pays even: 1 / (1 + payoutRate), as a percentage with 2 decimals. */
  breakEvenPercent: Decimal,
  asset: Type.String(),
  minStake: Decimal,
  maxStake: Decimal,
});
export type ContractProduct = Static<typeof ContractProduct>;
export const ContractProductsQuery = Type.Object(
  { market: Type.Optional(MarketSchema) },
  { additionalProperties: false },
);
export const ContractProductsResponse = Envelope(Type.Array(ContractProduct));

/** The open price comes from the server's own latest tick; no price field is accepted. */
export const ContractCreateBody = Type.Object(
  {
    symbol: SymbolParam,
    direction: Type.Enum(CONTRACT_DIRECTIONS, withError('INVALID_PARAMETER')),
    duration: Type.Integer({ minimum: 1, maximum: 86_400, ...withError('CONTRACT_DURATION_UNKNOWN') }),
    /** Stake in USDT, taken from the option wallet of the current mode. */
    amount: AmountString,
  },
  { additionalProperties: false },
);
export type ContractCreateBody = Static<typeof ContractCreateBody>;

/** A tick that decided a contract: when, at what price, from which feed. */
export const DecidingTick = Type.Object({ time: EpochMs, price: Decimal, source: Type.String() });
export type DecidingTick = Static<typeof DecidingTick>;

/** docs/product.md §3 contract order: buy price, close price, purchase time, direction, profit and loss. */
export const Contract = Type.Object({
  id: PublicId,
  typeUser: Type.Enum(TYPE_USERS),
  symbol: Type.String(),
  displaySymbol: Type.String(),
  market: MarketSchema,
  direction: Type.Enum(CONTRACT_DIRECTIONS),
  duration: Type.Integer(),
  payoutRate: Decimal,
  asset: Type.String(),
  stake: Decimal,
  status: Type.Enum(CONTRACT_STATUSES),
  result: Type.Union([Type.Enum(CONTRACT_RESULTS), Type.Null()]),
  /** Purchase time: when the server accepted the contract. */
  openTime: EpochMs,
  expiresAt: EpochMs,
  /** The buy price: the last tick at or before acceptance. */
  openTick: DecidingTick,
  /** The close price: the last tick at or before expiry; null while open. */
  closeTick: Type.Union([DecidingTick, Type.Null()]),
  /** What came back to the wallet at settlement (stake plus profit on a win, the stake on a tie, 0 on a loss). */
  payout: NullableDecimal,
  /** Signed profit and loss; null while open. */
  profit: NullableDecimal,
  settledAt: NullableEpochMs,
});
export type Contract = Static<typeof Contract>;
export const ContractResponse = Envelope(Contract);

export const ContractListQuery = Type.Object(
  {
    ...Page.properties,
    status: Type.Optional(Type.Enum(CONTRACT_STATUSES)),
    symbol: Type.Optional(SymbolParam),
  },
  { additionalProperties: false },
);
export type ContractListQuery = Static<typeof ContractListQuery>;
export const ContractListResponse = Envelope(Paged(Contract));
export type ContractList = Static<typeof ContractListResponse>['data'];

export const ContractDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

// ---------------------------------------------------------------------------------------------
// Spot orders (crypto against USDT)

export const SPOT_SIDES = ['buy', 'sell'] as const;
export type SpotSide = (typeof SPOT_SIDES)[number];
export const SPOT_TYPES = ['market', 'limit'] as const;
export type SpotType = (typeof SPOT_TYPES)[number];
/** open: resting (docs/product.md §9 "Processing"); filled: "Completed"; cancelled by the user. */
export const SPOT_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type SpotStatus = (typeof SPOT_STATUSES)[number];

export const SpotOrderBody = Type.Object(
  {
    symbol: SymbolParam,
    side: Type.Enum(SPOT_SIDES, withError('INVALID_PARAMETER')),
    type: Type.Enum(SPOT_TYPES, withError('INVALID_PARAMETER')),
    /** Quantity of the base coin, at most the instrument's amount decimals. */
    amount: AmountString,
    /** Limit orders only: USDT per coin, at most the instrument's price decimals. */
    price: Type.Optional(AmountString),
  },
  { additionalProperties: false },
);
export type SpotOrderBody = Static<typeof SpotOrderBody>;

/** docs/product.md §3 trade record: currency, type, amount, number, create time. */
export const SpotOrder = Type.Object({
  id: PublicId,
  typeUser: Type.Enum(TYPE_USERS),
  symbol: Type.String(),
  displaySymbol: Type.String(),
  base: Type.String(),
  quote: Type.String(),
  side: Type.Enum(SPOT_SIDES),
  type: Type.Enum(SPOT_TYPES),
  status: Type.Enum(SPOT_STATUSES),
  /** The limit price; null for market orders. */
  price: NullableDecimal,
  amount: Decimal,
  /**
   * Fill price: the ask (buy) or bid (sell) for market orders and for limit orders the quote already
   * crossed on arrival; the limit price for limit orders filled while resting. Null until filled.
   */
  fillPrice: NullableDecimal,
  /** amount × fillPrice in USDT, before the fee: a buy paid total + fee, a sell received total − fee. Null until filled. */
  total: NullableDecimal,
  fee: NullableDecimal,
  feeAsset: Type.String(),
  createdAt: EpochMs,
  /** When it was filled or cancelled. */
  closedAt: NullableEpochMs,
});
export type SpotOrder = Static<typeof SpotOrder>;
export const SpotOrderResponse = Envelope(SpotOrder);

export const SpotCancelBody = Type.Object({ orderId: Id }, { additionalProperties: false });
export const SpotDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

/** Open spot orders of the current mode (docs/product.md §7 `openOrderUser`). */
export const OpenOrderUserBody = Type.Object(
  {
    ...Page.properties,
    symbol: Type.Optional(SymbolParam),
  },
  { additionalProperties: false },
);
export const SpotHistoryQuery = Type.Object(
  {
    ...Page.properties,
    symbol: Type.Optional(SymbolParam),
  },
  { additionalProperties: false },
);
export const SpotOrderListResponse = Envelope(Paged(SpotOrder));
export type SpotOrderList = Static<typeof SpotOrderListResponse>['data'];

/** What settling changed on one contract (the rest of it is as it was opened). */
export interface ContractSettlement {
  /** The contract's public id. */
  id: string;
  result: ContractResult;
  closeTick: DecidingTick;
  payout: string;
  profit: string;
  settledAt: EpochMs;
}

/**
 * What the websocket's openOrders feed pushes (eventType "orders"): an opened contract, the
 * contracts of one user that one settlement transaction settled together, a spot order change.
 */
export type OrderEvent =
  | { kind: 'contract'; contract: Contract }
  | { kind: 'settled'; typeUser: Contract['typeUser']; contracts: ContractSettlement[] }
  | { kind: 'spot'; order: SpotOrder };

import { Type, type Static } from 'typebox';
import { TYPE_USERS } from '../constants';
import { Envelope, EpochMs, PublicId, withError } from './common';
import { AmountString, AssetSymbol, WalletSchema } from './wallet';

const Money = Type.String({ description: 'decimal string' });
const QuoteId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  ...withError('QUOTE_INVALID'),
});

/** One coin's OTC rates against USDT: what a user pays to buy one coin, and gets for selling one. */
export const OtcRate = Type.Object({
  asset: Type.String(),
  /** USDT per coin when the user buys (reference price plus the spread). */
  buyPrice: Money,
  /** USDT per coin when the user sells (reference price minus the spread). */
  sellPrice: Money,
  priceDecimals: Type.Integer({
    description: "decimals of the rates: the tick precision of the coin's USDT instrument",
  }),
  amountDecimals: Type.Integer(),
});
export type OtcRate = Static<typeof OtcRate>;

export const ExchangeInfo = Type.Object({
  /** Use it once, before `expiresAt`, to trade at these rates. */
  quoteId: Type.String(),
  expiresAt: EpochMs,
  validSeconds: Type.Integer(),
  /** Fee as a fraction of the USDT value, e.g. "0.001" for 0.1 %. */
  feeRate: Type.String(),
  /** The caller's VIP tier when quoted (0: none): its narrower spread is in these rates (docs/vip.md). */
  vipLevel: Type.Integer({ minimum: 0 }),
  rates: Type.Array(OtcRate),
});
export type ExchangeInfo = Static<typeof ExchangeInfo>;
export const ExchangeInfoResponse = Envelope(ExchangeInfo);

/** Buy a coin with USDT: `amount` is the USDT to spend, fee included. */
export const CurrencyBuyBody = Type.Object(
  { quoteId: QuoteId, asset: AssetSymbol, amount: AmountString },
  { additionalProperties: false },
);
export type CurrencyBuyBody = Static<typeof CurrencyBuyBody>;
/** Sell a coin for USDT: `amount` is the coin to sell. */
export const CurrencySellBody = Type.Object(
  { quoteId: QuoteId, asset: AssetSymbol, amount: AmountString },
  { additionalProperties: false },
);
export type CurrencySellBody = Static<typeof CurrencySellBody>;
/** Exchange one coin for another at once (through their USDT rates): `amount` is of `fromAsset`. */
export const FlashExchangeBody = Type.Object(
  { quoteId: QuoteId, fromAsset: AssetSymbol, toAsset: AssetSymbol, amount: AmountString },
  { additionalProperties: false },
);
export type FlashExchangeBody = Static<typeof FlashExchangeBody>;

export const OTC_SIDES = ['buy', 'sell', 'flash'] as const;
export type OtcSide = (typeof OTC_SIDES)[number];

/** docs/product.md §3 trade record: currency, type, amount, number, create time. */
export const OtcTrade = Type.Object({
  id: PublicId,
  side: Type.Enum(OTC_SIDES),
  fromAsset: Type.String(),
  toAsset: Type.String(),
  /** What the user gave, fee included. */
  fromAmount: Money,
  /** What the user received. */
  toAmount: Money,
  /** The rate applied: USDT per coin (buy, sell) or toAsset per fromAsset (flash). */
  price: Money,
  fee: Money,
  feeAsset: Type.String(),
  time: EpochMs,
});
export type OtcTrade = Static<typeof OtcTrade>;
export const OtcTradeResponse = Envelope(OtcTrade);

export const TradingRecordBody = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export const TradingRecordResponse = Envelope(
  Type.Object({
    items: Type.Array(OtcTrade),
    page: Type.Integer(),
    size: Type.Integer(),
    total: Type.Integer(),
  }),
);
export type TradingRecordPage = Static<typeof TradingRecordResponse>['data'];

/** A balance with its value in USDT at the current reference price. */
export const ValuedBalance = Type.Object({
  asset: Type.String(),
  available: Money,
  frozen: Money,
  /** (available + frozen) × reference price, truncated to USDT's scale; "0" when no price is known. */
  valueUsdt: Money,
});
export const ValuedWallet = Type.Object({
  wallet: WalletSchema,
  totalUsdt: Money,
  balances: Type.Array(ValuedBalance),
});
export type ValuedWallet = Static<typeof ValuedWallet>;
export const UserAssetData = Type.Object({
  typeUser: Type.Enum(TYPE_USERS),
  totalUsdt: Money,
  wallets: Type.Array(ValuedWallet),
  /** Coins whose value could not be counted (no current price); their valueUsdt is "0". */
  unpriced: Type.Array(Type.String()),
});
export type UserAssetData = Static<typeof UserAssetData>;
export const UserAssetDataResponse = Envelope(UserAssetData);
export const AmountByAccountQuery = Type.Object({ wallet: WalletSchema }, { additionalProperties: false });
export const AmountByAccountResponse = Envelope(ValuedWallet);
export const QueryUserBalanceBody = Type.Object({ asset: AssetSymbol }, { additionalProperties: false });

import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { AdminPage, AdminPageInfo } from './admin';
import { AmountString, AssetSymbol } from './wallet';
import { HEADER_LANGS, type HeaderLang } from '../lang';

/**
 * Fixed-term financing (docs/product.md §2 "Manage account", §3 "Financing subscription", §4, §7 "Financing";
 * docs/financing.md). Money comes from the financing wallet, waits in its frozen balance for the
 * term, and returns with its interest at maturity. Interest: `interest.ts` (one function for the
 * estimate and the payout).
 */

/** A rate as an exact decimal string with at most 8 places: "0.085" is 8.5 % a year. */
export const RateString = Type.String({
  maxLength: 12,
  pattern: '^[0-9]+(\\.[0-9]{1,8})?$',
  ...withError('RATE_INVALID'),
});
const Coin = Type.String({ description: 'decimal string in the coin at its full scale, e.g. "100.000000"' });

/** What redeeming early does: not allowed, allowed with the accrued interest forfeited, or allowed keeping it. */
export const EARLY_REDEMPTIONS = ['none', 'forfeit', 'keep'] as const;
/** docs/product.md §4: during the term, expired (matured and paid), canceled (redeemed early). */
export const SUBSCRIPTION_STATES = ['during', 'expired', 'canceled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
/** How long an estimate's confirmation token may be used, in seconds. */
export const FINANCING_TOKEN_TTL_SECONDS = 300;
export const PRODUCT_NAME_MAX = 60;

/** The languages a product's name may have besides English, its `name` (required). */
export type ProductNameLang = Exclude<HeaderLang, 'en'>;
export const PRODUCT_NAME_LANGS = HEADER_LANGS.filter((l): l is ProductNameLang => l !== 'en');
/**
 * A financing or loan product's name in the other seven languages (header codes); a language left
 * out reads the English name. Entered in the back office (docs/financing.md "Products").
 */
export const ProductNames = Type.Partial(
  Type.Object(
    Object.fromEntries(PRODUCT_NAME_LANGS.map((l) => [l, Type.String({ maxLength: PRODUCT_NAME_MAX })])) as Record<
      ProductNameLang,
      ReturnType<typeof Type.String>
    >,
  ),
  { additionalProperties: false },
);
export type ProductNames = Partial<Record<ProductNameLang, string>>;

/** A product's name in `lang`: its own name there, else the English one. */
export function productNameIn(english: string, names: ProductNames, lang: HeaderLang): string {
  return (lang === 'en' ? undefined : names[lang]) || english;
}

/** A product's other-language names as stored: trimmed, the empty ones left out (those languages read the English name). */
export function cleanProductNames(names: ProductNames | undefined): ProductNames {
  const out: ProductNames = {};
  for (const lang of PRODUCT_NAME_LANGS) {
    const text = names?.[lang]?.trim();
    if (text) out[lang] = text;
  }
  return out;
}

/** One duration a product is offered for and its annualised rate (`manage-rate`). */
export const FinancingTerm = Type.Object(
  {
    days: Type.Integer({ minimum: 1, maximum: 3650 }),
    annualRate: RateString,
  },
  { additionalProperties: false },
);
export type FinancingTerm = Static<typeof FinancingTerm>;

export const FinancingProduct = Type.Object({
  id: PublicId,
  name: Type.String({ description: "in the request's language (`lang`), the English name where it has none" }),
  currency: Type.String(),
  terms: Type.Array(FinancingTerm, { description: 'durations offered, shortest first' }),
  minAmount: Coin,
  maxAmount: Coin,
  /** The product's total quota and what is left of it. */
  quota: Coin,
  remaining: Coin,
  saleStart: EpochMs,
  saleEnd: EpochMs,
  earlyRedemption: Type.Enum(EARLY_REDEMPTIONS),
  /** On sale now: enabled, between start and end, quota left. */
  onSale: Type.Boolean(),
});
export type FinancingProduct = Static<typeof FinancingProduct>;
export const FinancingProductListResponse = Envelope(Type.Array(FinancingProduct));
export const ProductListQuery = Type.Object({ currency: Type.Optional(AssetSymbol) }, { additionalProperties: false });

const ProductId = PublicIdParam('PRODUCT_NOT_FOUND');

/** `estimatedAmount`: what subscribing `amount` for `days` gives, and a token to confirm exactly that. */
export const EstimateQuery = Type.Object(
  {
    productId: ProductId,
    days: Type.Integer({ minimum: 1, maximum: 3650, ...withError('TERM_NOT_OFFERED') }),
    amount: AmountString,
  },
  { additionalProperties: false },
);
export type EstimateQuery = Static<typeof EstimateQuery>;
export const FinancingEstimate = Type.Object({
  productId: PublicId,
  currency: Type.String(),
  amount: Coin,
  days: Type.Integer(),
  annualRate: RateString,
  /** Interest of the whole term, rounded up to the minor unit: what maturity pays, exactly. */
  interest: Coin,
  /** amount + interest. */
  total: Coin,
  subscribedAt: EpochMs,
  accrualStart: EpochMs,
  maturesAt: EpochMs,
  earlyRedemption: Type.Enum(EARLY_REDEMPTIONS),
  /** Spends the estimate at `buyFinanceProduct` (once, before `tokenExpiresAt`, for this user and mode). */
  token: Type.String(),
  tokenExpiresAt: EpochMs,
});
export type FinancingEstimate = Static<typeof FinancingEstimate>;
export const FinancingEstimateResponse = Envelope(FinancingEstimate);

/** `buyFinanceProduct` (GET, as the product document has it): the estimate's token; plus the session and an Idempotency-Key header. */
export const BuyQuery = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 100, ...withError('FINANCING_TOKEN_INVALID') }),
  },
  { additionalProperties: false },
);
export type BuyQuery = Static<typeof BuyQuery>;

/** docs/product.md §3 "Financing subscription": duration, annualised rate, amount, estimated interest, subscription time, expiration time. */
export const FinancingSubscription = Type.Object({
  id: PublicId,
  productId: PublicId,
  /** The product's name when subscribed, in the request's language (English where it had none). */
  productName: Type.String(),
  currency: Type.String(),
  amount: Coin,
  days: Type.Integer(),
  annualRate: RateString,
  estimatedInterest: Coin,
  /** Interest of the whole days earned so far (what `keep` would pay if redeemed now). */
  accruedInterest: Coin,
  /** What was paid when it ended (principal + interest); null while during. */
  paidInterest: Type.Union([Coin, Type.Null()]),
  subscribedAt: EpochMs,
  accrualStart: EpochMs,
  expiresAt: EpochMs,
  endedAt: NullableEpochMs,
  state: Type.Enum(SUBSCRIPTION_STATES),
  earlyRedemption: Type.Enum(EARLY_REDEMPTIONS),
});
export type FinancingSubscription = Static<typeof FinancingSubscription>;
export const FinancingSubscriptionResponse = Envelope(FinancingSubscription);

export const UserProductListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    state: Type.Optional(Type.Enum(SUBSCRIPTION_STATES)),
  },
  { additionalProperties: false },
);
export type UserProductListQuery = Static<typeof UserProductListQuery>;
export const FinancingSubscriptionPage = Type.Object({
  items: Type.Array(FinancingSubscription),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  /** Sums of the user's subscriptions during their term, per coin: principal held and interest to come. */
  holding: Type.Array(Type.Object({ currency: Type.String(), amount: Coin, estimatedInterest: Coin })),
});
export type FinancingSubscriptionPage = Static<typeof FinancingSubscriptionPage>;
export const UserProductListResponse = Envelope(FinancingSubscriptionPage);

/** Early redemption (added by this project): shows its payout first with `preview: true`, then does it. */
export const RedeemBody = Type.Object(
  {
    id: PublicIdParam('SUBSCRIPTION_NOT_FOUND'),
    preview: Type.Optional(Type.Boolean({ description: 'true: answer what redeeming now would pay, move nothing' })),
  },
  { additionalProperties: false },
);
export type RedeemBody = Static<typeof RedeemBody>;
export const RedeemResult = Type.Object({
  subscription: FinancingSubscription,
  principal: Coin,
  interest: Coin,
  /** Interest given up by redeeming now instead of at maturity. */
  forfeited: Coin,
  done: Type.Boolean({ description: 'false for a preview' }),
});
export type RedeemResult = Static<typeof RedeemResult>;
export const RedeemResponse = Envelope(RedeemResult);

/** `manage-rate/list-time`: the durations on offer (of one coin when given), with the range of rates for each. */
export const ListTimeQuery = Type.Object({ currency: Type.Optional(AssetSymbol) }, { additionalProperties: false });
export const ListTimeItem = Type.Object({
  days: Type.Integer(),
  minRate: RateString,
  maxRate: RateString,
  products: Type.Integer(),
});
export const ListTimeResponse = Envelope(Type.Array(ListTimeItem));
/** `manage-rate/get-profit-rate`: the annualised rate of a product for a duration. */
export const ProfitRateQuery = Type.Object(
  { productId: ProductId, days: Type.Integer({ minimum: 1, maximum: 3650, ...withError('TERM_NOT_OFFERED') }) },
  { additionalProperties: false },
);
export const ProfitRateResponse = Envelope(
  Type.Object({ productId: PublicId, days: Type.Integer(), annualRate: RateString }),
);

/* ----- The back office ----- */

/** Creates a product (no `id`) or changes one; a change applies to new subscriptions only. */
export const FinancingProductSave = Type.Object(
  {
    id: Type.Optional(ProductId),
    /** The English name (users of a language without its own name read it). */
    name: Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX }),
    /** The name in other languages; empty or left out: that language reads the English name. */
    names: Type.Optional(ProductNames),
    currency: AssetSymbol,
    terms: Type.Array(FinancingTerm, { minItems: 1, maxItems: 12 }),
    minAmount: AmountString,
    maxAmount: AmountString,
    quota: AmountString,
    saleStart: EpochMs,
    saleEnd: EpochMs,
    earlyRedemption: Type.Enum(EARLY_REDEMPTIONS),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type FinancingProductSave = Static<typeof FinancingProductSave>;
/** A product as the back office sees it: `name` is the English one, `names` the others; every figure is the real account's. */
export const AdminFinancingProduct = Type.Object({
  ...FinancingProduct.properties,
  names: ProductNames,
  enabled: Type.Boolean(),
  /** The principal of the real subscriptions (demo ones take no quota). */
  sold: Coin,
  /** Real subscriptions during their term and their principal. */
  activeCount: Type.Integer(),
  activeAmount: Coin,
  updatedAt: EpochMs,
});
export type AdminFinancingProduct = Static<typeof AdminFinancingProduct>;
export const AdminFinancingProductsResponse = Envelope(Type.Array(AdminFinancingProduct));
export const AdminFinancingProductResponse = Envelope(AdminFinancingProduct);

export const AdminSubscriptionQuery = Type.Object(
  {
    ...AdminPage,
    state: Type.Optional(Type.Enum(SUBSCRIPTION_STATES)),
    uid: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type AdminSubscriptionQuery = Static<typeof AdminSubscriptionQuery>;
export const AdminSubscription = Type.Object({
  ...FinancingSubscription.properties,
  uid: Type.String(),
  mode: Type.Enum(['real', 'demo'] as const),
});
export type AdminSubscription = Static<typeof AdminSubscription>;
export const AdminSubscriptionList = Type.Object({ items: Type.Array(AdminSubscription), ...AdminPageInfo });
export const AdminSubscriptionListResponse = Envelope(AdminSubscriptionList);

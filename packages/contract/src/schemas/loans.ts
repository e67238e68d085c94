import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { AdminPage, AdminPageInfo } from './admin';
import { API } from '../paths';
import { PRODUCT_NAME_MAX, ProductNames, RateString } from './financing';
import { AmountString, AssetSymbol } from './wallet';
import { HEADER_LANGS } from '../lang';
import { LOAN_PHOTOS_MIN } from '../constants';

/**
 * Loans (docs/product.md §2 "Loan", §3 "Loan", §4, §5, §7 "Loans"; docs/loans.md). A verified user applies with
 * at least 3 document photos and the product's terms accepted; operators review (two of them above
 * LOAN_FOUR_EYES_USDT); approval pays the amount into the currency wallet from the loan book.
 * Interest: `interest.ts` — a daily rate on the outstanding principal, per UTC day, rounded down;
 * after the due date the product's late rate instead. Repayment comes only from the currency
 * wallet's available balance, when the user asks; nothing is ever taken on its own.
 */

const Coin = Type.String({ description: 'decimal string in the coin at its full scale, e.g. "100.000000"' });

export const LOAN_PHOTOS_MAX = 9;
/** How long a pay-off quote may be used, in seconds (never past the end of its UTC day: interest changes at 00:00 UTC). */
export const LOAN_QUOTE_TTL_SECONDS = 600;
export const LOAN_RULES_MAX = 8000;
export const LOAN_NOTE_MAX = 500;

/**
 * docs/product.md §4: waiting for approval → approved or rejected → settled, or settled in part (a payment
 * smaller than what is owed). `overdue` is not a state: an approved or part-settled loan past its
 * due date carries `overdue: true`.
 */
export const LOAN_STATES = ['pending', 'approved', 'rejected', 'partially_settled', 'settled'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
export const LOAN_REJECT_REASONS = ['documents_unclear', 'identity_mismatch', 'affordability', 'other'] as const;
export type LoanRejectReason = (typeof LOAN_REJECT_REASONS)[number];
export const LOAN_REVIEWS = ['manual', 'four_eyes'] as const;

export const LoanProduct = Type.Object({
  id: PublicId,
  name: Type.String({ description: "in the request's language (`lang`), the English name where it has none" }),
  currency: Type.String(),
  minAmount: Coin,
  maxAmount: Coin,
  periodDays: Type.Integer(),
  /** Interest per day on the outstanding principal, e.g. "0.0005" = 0.05 % a day. */
  dailyRate: RateString,
  /** Per day once overdue (instead of dailyRate), stated before applying. */
  lateDailyRate: RateString,
  enabled: Type.Boolean(),
});
export type LoanProduct = Static<typeof LoanProduct>;
export const LoanProductListResponse = Envelope(Type.Array(LoanProduct));

/** `rule/get-rule`: a product's rules text in the request's language (English when it has none in it, marked). */
export const RuleQuery = Type.Object(
  { productId: Type.Optional(PublicIdParam('LOAN_PRODUCT_NOT_FOUND')) },
  { additionalProperties: false },
);
export const LoanRule = Type.Object({
  productId: Type.Union([PublicId, Type.Null()]),
  lang: Type.String(),
  fallback: Type.Boolean(),
  text: Type.String(),
});
export type LoanRule = Static<typeof LoanRule>;
export const LoanRuleResponse = Envelope(LoanRule);

const PhotoPath = Type.String({
  maxLength: 200,
  description: `a path \`${API.common.upload}\` answered for kind \`private\``,
});

/** `createLoanProduct` (its name in docs/product.md): an application for a loan of `amount` under a product. */
export const LoanApplyBody = Type.Object(
  {
    productId: PublicIdParam('LOAN_PRODUCT_NOT_FOUND'),
    amount: AmountString,
    photos: Type.Array(PhotoPath, {
      maxItems: LOAN_PHOTOS_MAX,
      description: `at least ${LOAN_PHOTOS_MIN} (docs/product.md §5), the user's own private uploads`,
    }),
    /** The product's rules, late rate included, accepted. */
    acceptTerms: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type LoanApplyBody = Static<typeof LoanApplyBody>;

/** docs/product.md §3 "Loan": borrowed amount, period, interest, estimated payment date, approved, rejected and paid dates, amount due, amount paid, money to be paid. */
export const Loan = Type.Object({
  id: PublicId,
  number: Type.String(),
  productId: PublicId,
  /** The product's name when applied for, in the request's language (English where it had none). */
  productName: Type.String(),
  currency: Type.String(),
  /** Borrowed amount. */
  amount: Coin,
  periodDays: Type.Integer(),
  dailyRate: RateString,
  lateDailyRate: RateString,
  /** Interest of the whole period if repaid on its last day. */
  interest: Coin,
  state: Type.Enum(LOAN_STATES),
  overdue: Type.Boolean(),
  overdueDays: Type.Integer(),
  createdAt: EpochMs,
  /** Estimated payment date: the last day of the period (due before 00:00 UTC after it); null until approved. */
  dueAt: NullableEpochMs,
  approvedAt: NullableEpochMs,
  rejectedAt: NullableEpochMs,
  rejectReason: Type.Union([Type.Enum(LOAN_REJECT_REASONS), Type.Null()]),
  rejectNote: Type.Union([Type.String(), Type.Null()]),
  paidAt: NullableEpochMs,
  /** Amount due for the period: principal + the whole period's interest. */
  amountDue: Coin,
  amountPaid: Coin,
  /** Money to be paid today to settle it (principal outstanding + interest owed today); 0 when settled. */
  toPay: Coin,
  principalOutstanding: Coin,
  /** Interest charged on earlier days and not paid yet (after a part payment smaller than the interest). */
  interestCarried: Coin,
  /** The last UTC day (days since 1970-01-01) interest was charged for; null until paid out. With the rates, the balance interest.ts computes from. */
  accruedThroughDay: Type.Union([Type.Integer(), Type.Null()]),
});
export type Loan = Static<typeof Loan>;
export const LoanResponse = Envelope(Loan);

export const UserLoanListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    /** `open`: approved or part-settled (what can be paid); `paid`: settled (paid history); otherwise one state. */
    state: Type.Optional(Type.Enum([...LOAN_STATES, 'open', 'paid'] as const)),
  },
  { additionalProperties: false },
);
export type UserLoanListQuery = Static<typeof UserLoanListQuery>;
export const LoanPage = Type.Object({
  items: Type.Array(Loan),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type LoanPage = Static<typeof LoanPage>;
export const UserLoanListResponse = Envelope(LoanPage);

/** One loan's part of a pay-off quote. */
export const LoanPayoff = Type.Object({
  loanId: PublicId,
  number: Type.String(),
  currency: Type.String(),
  principal: Coin,
  interest: Coin,
  regularDays: Type.Integer(),
  lateDays: Type.Integer(),
  overdue: Type.Boolean(),
  /** Settles the loan today. */
  total: Coin,
  /** What this payment pays (= total unless a part amount was asked). */
  pay: Coin,
  /** Left to pay after it. */
  remaining: Coin,
});
export type LoanPayoff = Static<typeof LoanPayoff>;

/** A binding pay-off quote: paying it (once) pays exactly these figures. */
export const LoanQuote = Type.Object({
  quoteId: Type.String(),
  expiresAt: EpochMs,
  currency: Type.String(),
  items: Type.Array(LoanPayoff),
  /** Sum of the items' `pay`. */
  total: Coin,
  /** The user's available currency balance of the coin now, and whether it covers the total. */
  balance: Coin,
  enough: Type.Boolean(),
});
export type LoanQuote = Static<typeof LoanQuote>;
export const LoanQuoteResponse = Envelope(LoanQuote);
/**
 * `estimate-paid-loans`: the binding quote settling every open loan today. With no open loan it is
 * an empty quote (no items, total 0, `quoteId` and `expiresAt` null: nothing to pay), not an error.
 */
export const LoanPayAllQuote = Type.Object({
  ...LoanQuote.properties,
  quoteId: Type.Union([Type.String(), Type.Null()], { description: 'null when no loan is open (nothing to pay)' }),
  expiresAt: NullableEpochMs,
});
export type LoanPayAllQuote = Static<typeof LoanPayAllQuote>;
export const LoanPayAllQuoteResponse = Envelope(LoanPayAllQuote);

/** `estimate-paid-loan`: one loan, all of what it owes today or a part `amount`. */
export const EstimateLoanBody = Type.Object(
  {
    id: PublicIdParam('LOAN_NOT_FOUND'),
    amount: Type.Optional(AmountString),
  },
  { additionalProperties: false },
);
export type EstimateLoanBody = Static<typeof EstimateLoanBody>;
/** `pay-one-application`: pays a quote of `estimate-paid-loan`, once. */
export const PayOneBody = Type.Object(
  { quoteId: Type.String({ minLength: 1, maxLength: 64, ...withError('LOAN_QUOTE_INVALID') }) },
  { additionalProperties: false },
);
export type PayOneBody = Static<typeof PayOneBody>;
/** `pay-all-applications`: no body in the product document (pays what `estimate-paid-loans` shows today); a `quoteId` of that estimate binds it. */
export const PayAllBody = Type.Union([
  Type.Object(
    { quoteId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, ...withError('LOAN_QUOTE_INVALID') })) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
export type PayAllBody = Static<typeof PayAllBody>;
export const LoanPaymentResult = Type.Object({ paid: Coin, currency: Type.String(), loans: Type.Array(Loan) });
export type LoanPaymentResult = Static<typeof LoanPaymentResult>;
export const LoanPaymentResponse = Envelope(LoanPaymentResult);

/* ----- The back office ----- */

export const LoanRules = Type.Partial(
  Type.Object(
    Object.fromEntries(
      HEADER_LANGS.map((l) => [
        l,
        Type.String({ maxLength: LOAN_RULES_MAX, multiline: true, description: 'paragraphs separated by line breaks' }),
      ]),
    ) as Record<(typeof HEADER_LANGS)[number], ReturnType<typeof Type.String>>,
  ),
  { additionalProperties: false },
);

export const LoanProductSave = Type.Object(
  {
    id: Type.Optional(PublicIdParam('LOAN_PRODUCT_NOT_FOUND')),
    /** The English name (users of a language without its own name read it). */
    name: Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX }),
    /** The name in other languages; empty or left out: that language reads the English name. */
    names: Type.Optional(ProductNames),
    currency: AssetSymbol,
    minAmount: AmountString,
    maxAmount: AmountString,
    periodDays: Type.Integer({ minimum: 1, maximum: 3650 }),
    dailyRate: RateString,
    lateDailyRate: RateString,
    /** Rules text per language; `en` is required. */
    rules: LoanRules,
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type LoanProductSave = Static<typeof LoanProductSave>;
/** A product as the back office sees it: `name` is the English one, `names` the others. */
export const AdminLoanProduct = Type.Object({
  ...LoanProduct.properties,
  names: ProductNames,
  rules: LoanRules,
  updatedAt: EpochMs,
});
export type AdminLoanProduct = Static<typeof AdminLoanProduct>;
export const AdminLoanProductsResponse = Envelope(Type.Array(AdminLoanProduct));
export const AdminLoanProductResponse = Envelope(AdminLoanProduct);

export const AdminLoanQuery = Type.Object(
  {
    ...AdminPage,
    state: Type.Optional(
      Type.Enum(LOAN_STATES, {
        description: 'default `pending`: waiting for review, oldest first; others newest first',
      }),
    ),
    uid: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type AdminLoanQuery = Static<typeof AdminLoanQuery>;
export const AdminLoan = Type.Object({
  ...Loan.properties,
  internalId: Type.Integer(),
  uid: Type.String(),
  kycLevel: Type.String(),
  review: Type.Enum(LOAN_REVIEWS),
  /** The amount's value in USDT at application time (what the four-eyes threshold compares). */
  valueUsdt: Coin,
  photoCount: Type.Integer(),
  approvedBy: Type.Array(Type.String()),
  approvalsNeeded: Type.Integer(),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminLoan = Static<typeof AdminLoan>;
export const AdminLoanResponse = Envelope(AdminLoan);
export const AdminLoanList = Type.Object({ items: Type.Array(AdminLoan), ...AdminPageInfo });
export type AdminLoanList = Static<typeof AdminLoanList>;
export const AdminLoanListResponse = Envelope(AdminLoanList);
export const AdminLoanDetailQuery = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('LOAN_NOT_FOUND') }) },
  { additionalProperties: false },
);
export const AdminLoanPhotoQuery = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('LOAN_NOT_FOUND') }),
    index: Type.Integer({ minimum: 0, maximum: LOAN_PHOTOS_MAX - 1, ...withError('LOAN_NOT_FOUND') }),
  },
  { additionalProperties: false },
);
export const LoanDecideBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('LOAN_NOT_FOUND') }),
    approve: Type.Boolean(),
    reason: Type.Optional(Type.Enum(LOAN_REJECT_REASONS, { description: 'required when rejecting' })),
    note: Type.Optional(Type.String({ maxLength: LOAN_NOTE_MAX, description: 'shown to the user with the reason' })),
  },
  { additionalProperties: false },
);
export type LoanDecideBody = Static<typeof LoanDecideBody>;

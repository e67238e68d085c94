import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publicId, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });
/** A rate in integer units of 10^-8 (interest.ts RATE_DECIMALS): 8.5 % is 8_500_000. */
const rate = (name: string) => bigint(name, { mode: 'bigint' });

/* ------------------------------------------------------------------------------------------------
 * Financing (docs/financing.md)
 * ---------------------------------------------------------------------------------------------- */

/**
 * The name of a product in the languages other than English (`name` is the English one, required):
 * header language → name; a language without one reads the English name (docs/financing.md "Products").
 */
const productNames = (column: string) =>
  jsonb(column).$type<Partial<Record<string, string>>>().notNull().default(sql`'{}'::jsonb`);

/**
 * A fixed-term product operators sell. `sold` counts the principal of its real subscriptions
 * against `quota`; demo subscriptions never take any of it (docs/financing.md "Quota").
 */
export const financingProducts = pgTable(
  'financing_products',
  {
    id: id(),
    publicId: publicId(),
    /** The English name; `names` holds the other languages'. */
    name: text('name').notNull(),
    names: productNames('names'),
    currency: text('currency').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    quota: money('quota').notNull(),
    sold: money('sold').notNull().default(sql`0`),
    saleStart: ts('sale_start').notNull(),
    saleEnd: ts('sale_end').notNull(),
    /** none | forfeit | keep (interest.ts EarlyRedemption). */
    earlyRedemption: text('early_redemption').notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('financing_products_public_id').on(t.publicId),
    check('financing_products_sold', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.quota}`),
    check('financing_products_limits', sql`${t.minAmount} > 0 AND ${t.minAmount} <= ${t.maxAmount}`),
    check('financing_products_early', sql`${t.earlyRedemption} IN ('none', 'forfeit', 'keep')`),
  ],
);

/** The durations a product is offered for, each with its annualised rate (`manage-rate`). */
export const financingTerms = pgTable(
  'financing_terms',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => financingProducts.id),
    days: integer('days').notNull(),
    annualRate: rate('annual_rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.days] }),
    check('financing_terms_positive', sql`${t.days} > 0 AND ${t.annualRate} >= 0`),
  ],
);

/**
 * An estimate's confirmation token (`buyFinanceProduct` needs one): what the user saw, spent once.
 * Valid FINANCING_TOKEN_TTL_SECONDS and never past the end of its UTC day (the dates shown would move).
 */
export const financingTokens = pgTable(
  'financing_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => financingProducts.id),
    days: integer('days').notNull(),
    amount: money('amount').notNull(),
    annualRate: rate('annual_rate').notNull(),
    interest: money('interest').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('financing_tokens_expires').on(t.expiresAt)],
);

/** docs/product.md §3 "Financing subscription". Its terms are copied from the product at subscription: a later product change never touches it. */
export const financingSubscriptions = pgTable(
  'financing_subscriptions',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => financingProducts.id),
    productName: text('product_name').notNull(),
    /** The product's names in the other languages when subscribed (as `product_name` is its English one). */
    productNames: productNames('product_names'),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    days: integer('days').notNull(),
    annualRate: rate('annual_rate').notNull(),
    /** The whole term's interest, as estimated and as paid at maturity. */
    interest: money('interest').notNull(),
    earlyRedemption: text('early_redemption').notNull(),
    subscribedAt: ts('subscribed_at').notNull(),
    accrualStart: ts('accrual_start').notNull(),
    maturesAt: ts('matures_at').notNull(),
    /** during | expired | canceled (docs/product.md §4). */
    state: text('state').notNull(),
    endedAt: ts('ended_at'),
    /** The interest actually paid when it ended (the estimate at maturity; by the product's rule when redeemed). */
    paidInterest: money('paid_interest'),
    subscribeTxId: bigint('subscribe_tx_id', { mode: 'number' }).notNull(),
    endTxId: bigint('end_tx_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('financing_subscriptions_public_id').on(t.publicId),
    index('financing_subscriptions_user').on(t.userId, t.mode, t.id),
    index('financing_subscriptions_due').on(t.maturesAt).where(sql`${t.state} = 'during'`),
    check('financing_subscriptions_state', sql`${t.state} IN ('during', 'expired', 'canceled')`),
    check('financing_subscriptions_ended', sql`(${t.state} = 'during') = (${t.endedAt} IS NULL)`),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Loans (docs/loans.md)
 * ---------------------------------------------------------------------------------------------- */

export const loanProducts = pgTable(
  'loan_products',
  {
    id: id(),
    publicId: publicId(),
    /** The English name; `names` holds the other languages'. */
    name: text('name').notNull(),
    names: productNames('names'),
    currency: text('currency').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    periodDays: integer('period_days').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    lateDailyRate: rate('late_daily_rate').notNull(),
    /** Rules text per header language (`en` always present). */
    rules: jsonb('rules').$type<Record<string, string>>().notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('loan_products_public_id').on(t.publicId),
    check(
      'loan_products_limits',
      sql`${t.minAmount} > 0 AND ${t.minAmount} <= ${t.maxAmount} AND ${t.periodDays} > 0 AND ${t.dailyRate} >= 0 AND ${t.lateDailyRate} >= 0`,
    ),
  ],
);

/**
 * A loan from application to settlement (docs/product.md §3 "Loan", §4). Its product's terms are copied when
 * the user applies. Repayment state follows interest.ts `LoanBalance`: `principal` outstanding,
 * `interest_carried`, `start_day` and `accrued_through_day` (UTC day numbers).
 */
export const loans = pgTable(
  'loans',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => loanProducts.id),
    productName: text('product_name').notNull(),
    /** The product's names in the other languages when applied for (as `product_name` is its English one). */
    productNames: productNames('product_names'),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    periodDays: integer('period_days').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    lateDailyRate: rate('late_daily_rate').notNull(),
    /** The amount's value in USDT minor units when applying: what the four-eyes threshold compares. */
    valueUsdt: money('value_usdt').notNull(),
    /** The user's private upload paths (at least 3). */
    photos: jsonb('photos').$type<string[]>().notNull(),
    /** manual | four_eyes. */
    review: text('review').notNull(),
    approvalsNeeded: smallint('approvals_needed').notNull(),
    /** pending | approved | rejected | partially_settled | settled. */
    state: text('state').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    approvedAt: ts('approved_at'),
    rejectedAt: ts('rejected_at'),
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    disburseTxId: bigint('disburse_tx_id', { mode: 'number' }),
    startDay: integer('start_day'),
    dueAt: ts('due_at'),
    principal: money('principal').notNull(),
    interestCarried: money('interest_carried').notNull().default(sql`0`),
    accruedThroughDay: integer('accrued_through_day'),
    amountPaid: money('amount_paid').notNull().default(sql`0`),
    interestPaid: money('interest_paid').notNull().default(sql`0`),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('loans_public_id').on(t.publicId),
    uniqueIndex('loans_one_pending').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('loans_user').on(t.userId, t.id),
    index('loans_state').on(t.state, t.id),
    check('loans_state_known', sql`${t.state} IN ('pending', 'approved', 'rejected', 'partially_settled', 'settled')`),
    check(
      'loans_amounts',
      sql`${t.amount} > 0 AND ${t.principal} >= 0 AND ${t.principal} <= ${t.amount} AND ${t.interestCarried} >= 0 AND ${t.amountPaid} >= 0`,
    ),
  ],
);

/** Operators who approved a loan (four eyes: two different ones above the threshold). */
export const loanApprovals = pgTable(
  'loan_approvals',
  {
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    approvedAt: ts('approved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.operatorId] })],
);

/** A binding pay-off quote (`estimate-paid-loan(s)`): the figures it will pay, once, on its UTC day. */
export const loanQuotes = pgTable(
  'loan_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** one | all. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Per loan: its id, what this pays, and its balance before (so a changed loan makes the quote stale). */
    items: jsonb('items')
      .$type<{ loanId: number; pay: string; principal: string; interestCarried: string; accruedThroughDay: number }[]>()
      .notNull(),
    total: money('total').notNull(),
    day: integer('day').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('loan_quotes_expires').on(t.expiresAt)],
);

/** Each repayment of a loan (paid history). */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: id(),
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    quoteId: text('quote_id').notNull(),
    amount: money('amount').notNull(),
    interestPaid: money('interest_paid').notNull(),
    principalPaid: money('principal_paid').notNull(),
    regularDays: integer('regular_days').notNull(),
    lateDays: integer('late_days').notNull(),
    txId: bigint('tx_id', { mode: 'number' }).notNull(),
    paidAt: ts('paid_at').notNull(),
  },
  (t) => [
    index('loan_payments_loan').on(t.loanId, t.id),
    uniqueIndex('loan_payments_quote_loan').on(t.quoteId, t.loanId),
  ],
);

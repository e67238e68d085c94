import type { Language } from '@app/contract';

/**
 * The financing pages' own strings (i18next namespace `financing`), in every language. Only the
 * financing chunk imports this file (features/financing/strings.ts registers it), so the first
 * routes do not carry them (as locales/withdraw.ts). The pages' titles stay in `routes` of
 * `translation` (the top bar and the menus show them).
 */

const en = {
  account: 'Financing account',
  available: 'Available',
  held: 'In subscriptions',
  interestToCome: 'Interest to come',
  transferIn: 'Transfer to financing account',
  products: 'Products on sale',
  noProducts: 'No financing products are on sale now.',
  history: 'History',
  subscribe: 'Subscribe',
  subscribeTo: 'Subscribe to {{name}}',
  product: 'Product',
  state: 'State',
  coin: 'Coin',
  terms: 'Terms',
  term: 'Term',
  termValue: '{{days}} days · {{rate}} a year',
  days: '{{days}} days',
  rate: 'Annualised rate',
  limits: 'Per subscription',
  limitsValue: '{{min}} to {{max}} {{coin}}',
  remaining: 'Quota left',
  remainingValue: '{{remaining}} of {{quota}} {{coin}}',
  earlyRule: 'Early redemption',
  early: {
    none: 'Not allowed: the amount stays until the term ends.',
    forfeit: 'Allowed: the principal comes back, the interest earned so far is given up.',
    keep: 'Allowed: the principal comes back with the interest earned for the whole days so far.',
  },
  amountOf: '{{amount}} {{coin}}',
  amount: 'Amount',
  amountHint: 'Available in the financing account: {{amount}} {{coin}}',
  all: 'Max',
  belowMin: 'The amount must be at least {{min}} {{coin}}',
  aboveMax: 'The amount must be at most {{max}} {{coin}}',
  short: 'Your financing account has {{amount}} {{coin}}.',
  estimate: 'Estimate',
  interest: 'Estimated interest',
  total: 'At maturity',
  accrualStart: 'Interest from',
  maturesAt: 'Maturity date',
  utcRule: 'Interest accrues from 00:00 UTC after subscribing, for each whole day, and is paid with the principal at maturity. Times are in your time zone ({{zone}}).',
  estimating: 'Calculating…',
  confirmTitle: 'Confirm subscription',
  confirm: 'Subscribe',
  subscribed: 'Subscribed',
  notOnSale: 'Not on sale now',
  // History
  noSubscriptions: 'No subscriptions yet.',
  states: {
    during: 'During term',
    expired: 'Matured',
    canceled: 'Redeemed early',
  },
  duration: 'Duration',
  estimatedInterest: 'Estimated interest',
  accruedInterest: 'Interest earned so far',
  paidInterest: 'Interest paid',
  subscribedAt: 'Subscription time',
  expiresAt: 'Expiration time',
  endedAt: 'Ended',
  redeem: 'Redeem early',
  redeemLabel: 'Redeem {{name}} early',
  redeemTitle: 'Redeem early?',
  principal: 'Principal returned',
  interestKept: 'Interest kept',
  forfeited: 'Interest given up',
  redeemConfirm: 'Redeem',
  keepIt: 'Keep it',
  redeemed: 'Redeemed: the amount is back in your financing account',
  holdings: 'Holdings',
};

/** Every language has every key (a missing one is a compile error). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type FinancingNamespace = Shape<typeof en>;

export const FINANCING_MESSAGES: Readonly<Record<Language, FinancingNamespace>> = {
  en,
  zh: en,
  hk: en,
  jp: en,
  kr: en,
  de: en,
  fr: en,
  it: en,
};

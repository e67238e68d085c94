import {
  ASSET_SYMBOLS,
  assetOf,
  formatAmount,
  parseAmount,
  parseRate,
  type AdminFinancingProduct,
  type FinancingProductSave,
  type FinancingTerm,
  type SubscriptionState,
} from '@app/contract';
import { groupedAmount, localInputToMs, msToLocalInput } from './format';
import { nameDrafts, nameProblems, namesBody, noNames, type NameDrafts, type NameField } from './product-names';
import { plainAmount, type Problems } from './withdrawal-forms';

/**
 * The back office's financing products (issue 19) in plain words: labels, and the product form's
 * checks, field by field, mirroring the server's (PRODUCT_SETTING_INVALID, RATE_INVALID): the form
 * refuses what the server would refuse; the server's answer is the last word.
 */

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  during: 'During the term',
  expired: 'Matured and paid',
  canceled: 'Redeemed early',
};

export const EARLY_REDEMPTION_LABELS: Record<AdminFinancingProduct['earlyRedemption'], string> = {
  none: 'Not allowed',
  forfeit: 'Allowed, accrued interest forfeited',
  keep: 'Allowed, accrued interest kept',
};

/** A rate's decimal ("0.085") as a percentage ("8.5 %"), exactly; the text itself when it is no rate. */
export function ratePercent(rate: string): string {
  const units = parseRate(rate);
  // Rate units are 10^-8 of 1, so 10^-6 of a percent.
  return units === null ? rate : `${plainAmount(formatAmount(units, 6))} %`;
}

/** A product's terms in one line: "30 d 8.5 % · 90 d 10 %". */
export function termsText(terms: readonly FinancingTerm[]): string {
  return terms.map((t) => `${t.days} d ${ratePercent(t.annualRate)}`).join(' · ');
}

export interface TermDraft {
  days: string;
  annualRate: string;
}

export interface ProductDraft {
  /** The English name; `names` the other languages' (empty: that language shows the English one). */
  name: string;
  names: NameDrafts;
  currency: string;
  terms: TermDraft[];
  minAmount: string;
  maxAmount: string;
  quota: string;
  saleStart: string;
  saleEnd: string;
  earlyRedemption: AdminFinancingProduct['earlyRedemption'];
  enabled: boolean;
}

export const MAX_TERMS = 12;
export const MAX_TERM_DAYS = 3650;
export const AMOUNT_FIELDS = ['minAmount', 'maxAmount', 'quota'] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];
export const AMOUNT_LABELS: Record<AmountField, string> = {
  minAmount: 'Minimum per subscription',
  maxAmount: 'Maximum per subscription',
  quota: 'Total quota',
};

/** A new product's form: one 30-day term, a sale from now for 30 days, enabled. */
export function newProductDraft(now: number): ProductDraft {
  return {
    name: '',
    names: noNames(),
    currency: 'USDT',
    terms: [{ days: '30', annualRate: '' }],
    minAmount: '',
    maxAmount: '',
    quota: '',
    saleStart: msToLocalInput(now),
    saleEnd: msToLocalInput(now + 30 * 86_400_000),
    earlyRedemption: 'none',
    enabled: true,
  };
}

/** A product as its form starts: the server's values. */
export function productDraft(p: AdminFinancingProduct): ProductDraft {
  return {
    name: p.name,
    names: nameDrafts(p.names),
    currency: p.currency,
    terms: p.terms.map((t) => ({ days: String(t.days), annualRate: t.annualRate })),
    minAmount: plainAmount(p.minAmount),
    maxAmount: plainAmount(p.maxAmount),
    quota: plainAmount(p.quota),
    saleStart: msToLocalInput(p.saleStart),
    saleEnd: msToLocalInput(p.saleEnd),
    earlyRedemption: p.earlyRedemption,
    enabled: p.enabled,
  };
}

export type ProductField = NameField | 'currency' | 'terms' | AmountField | 'saleStart' | 'saleEnd';
export interface ProductProblems {
  fields: Problems<ProductField>;
  /** Per term row: what is wrong with its days or its rate. */
  terms: Array<Problems<keyof TermDraft>>;
}

/** A plain decimal of a coin with at most its scale's decimals, in minor units, or null. */
export function coinAmount(currency: string, text: string): bigint | null {
  const scale = assetOf(currency)?.scale ?? 8;
  const t = text.trim();
  return t.length > 40 || !/^[0-9]+(\.[0-9]+)?$/.test(t) ? null : parseAmount(t, scale);
}

/** Days of a term: a whole number from 1 to 3650, or null. */
function termDays(text: string): number | null {
  const t = text.trim();
  if (!/^[0-9]{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_TERM_DAYS ? n : null;
}

function termProblems(draft: TermDraft, seen: Set<number>): Problems<keyof TermDraft> {
  const out: Problems<keyof TermDraft> = {};
  const days = termDays(draft.days);
  if (days === null) out.days = `Days are a whole number from 1 to ${MAX_TERM_DAYS}.`;
  else if (seen.has(days)) out.days = `${days} days is offered twice.`;
  else seen.add(days);
  if (parseRate(draft.annualRate.trim()) === null)
    out.annualRate = 'The rate is a decimal with at most 8 places, at most 10 (0.085 is 8.5 %).';
  return out;
}

/**
 * What is wrong with a product (nothing when it can be sent): a name, a coin, 1 to 12 terms of
 * distinct days each with a rate, amounts in the coin, and the server's order: 0 < minimum ≤
 * maximum ≤ quota, the sale ending after it starts.
 */
export function productProblems(d: ProductDraft): ProductProblems {
  const fields: Problems<ProductField> = { ...nameProblems(d.name, d.names) };
  if (!ASSET_SYMBOLS.includes(d.currency)) fields.currency = 'Choose a coin.';
  if (d.terms.length === 0) fields.terms = 'Offer at least one term.';
  else if (d.terms.length > MAX_TERMS) fields.terms = `At most ${MAX_TERMS} terms.`;
  const seen = new Set<number>();
  const terms = d.terms.map((t) => termProblems(t, seen));
  const minor: Partial<Record<AmountField, bigint>> = {};
  const scale = assetOf(d.currency)?.scale ?? 8;
  for (const f of AMOUNT_FIELDS) {
    const v = coinAmount(d.currency, d[f]);
    if (v === null) fields[f] = `Enter a plain decimal number of ${d.currency}, with at most ${scale} decimals.`;
    else minor[f] = v;
  }
  const { minAmount, maxAmount, quota } = minor;
  if (minAmount !== undefined && minAmount <= 0n) fields.minAmount = 'The minimum must be above 0.';
  else if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount)
    fields.minAmount = 'The minimum must be at most the maximum.';
  if (maxAmount !== undefined && quota !== undefined && maxAmount > quota)
    fields.maxAmount = 'The maximum must be at most the total quota.';
  const start = localInputToMs(d.saleStart);
  const end = localInputToMs(d.saleEnd);
  if (start === undefined) fields.saleStart = 'Enter the date and time the sale starts.';
  if (end === undefined) fields.saleEnd = 'Enter the date and time the sale ends.';
  else if (start !== undefined && end <= start) fields.saleEnd = 'The sale must end after it starts.';
  return { fields, terms };
}

/** Whether a check found anything. */
export function hasProblems(p: ProductProblems): boolean {
  return Object.keys(p.fields).length > 0 || p.terms.some((t) => Object.keys(t).length > 0);
}

/** The body of a save (a change when `id` is given); only for a draft without problems. Terms shortest first. */
export function productBody(d: ProductDraft, id?: string): FinancingProductSave {
  const terms = d.terms
    .map((t) => ({ days: Number(t.days.trim()), annualRate: t.annualRate.trim() }))
    .sort((a, b) => a.days - b.days);
  return {
    ...(id ? { id } : {}),
    name: d.name.trim(),
    names: namesBody(d.names),
    currency: d.currency,
    terms,
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    quota: d.quota.trim(),
    saleStart: localInputToMs(d.saleStart) ?? 0,
    saleEnd: localInputToMs(d.saleEnd) ?? 0,
    earlyRedemption: d.earlyRedemption,
    enabled: d.enabled,
  };
}

/** What a save did, from the server's answer (amounts grouped by thousands: "quota 10,000,000"). */
export function savedText(p: AdminFinancingProduct, created: boolean): string {
  return `${p.name} ${created ? 'created' : 'saved'}: ${p.currency}, ${termsText(p.terms)}, ${groupedAmount(p.minAmount)} to ${groupedAmount(p.maxAmount)} per subscription, quota ${groupedAmount(p.quota)}, ${p.enabled ? 'enabled' : 'switched off'}.`;
}

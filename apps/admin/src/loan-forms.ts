import {
  ASSET_SYMBOLS,
  HEADER_LANGS,
  LOAN_NOTE_MAX,
  LOAN_RULES_MAX,
  assetOf,
  parseRate,
  type AdminLoan,
  type AdminLoanProduct,
  type HeaderLang,
  type LoanDecideBody,
  type LoanProductSave,
  type LoanRejectReason,
  type LoanState,
} from '@app/contract';
import { coinAmount, ratePercent } from './financing-forms';
import { nameDrafts, nameProblems, namesBody, noNames, type NameDrafts, type NameField } from './product-names';
import { plainAmount, type Problems } from './withdrawal-forms';

export { LANG_LABELS } from './product-names';

/**
 * The back office's loan review and loan products (issue 19) in plain words: labels, what a
 * decision does before it is made, and the product form's checks (the server's rules; its answer
 * is the last word).
 */

export const LOAN_STATE_LABELS: Record<LoanState, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  partially_settled: 'Settled in part',
  settled: 'Settled',
};

export const LOAN_REJECT_LABELS: Record<LoanRejectReason, string> = {
  documents_unclear: 'The documents are not clear',
  identity_mismatch: 'The documents do not match the user',
  affordability: 'The user cannot afford it',
  other: 'Other',
};

/** How the application is reviewed, with the approvals so far when it needs two: "Four eyes · 1 of 2 approvals". */
export function loanReviewLabel(l: Pick<AdminLoan, 'review' | 'approvedBy' | 'approvalsNeeded'>): string {
  if (l.review !== 'four_eyes') return 'One operator';
  return `Four eyes · ${Math.min(l.approvedBy.length, l.approvalsNeeded)} of ${l.approvalsNeeded} approvals`;
}

/** A daily rate as "0.05 % a day". */
export const dailyText = (rate: string) => `${ratePercent(rate)} a day`;

type Described = Pick<
  AdminLoan,
  'number' | 'uid' | 'currency' | 'amount' | 'review' | 'approvedBy' | 'approvalsNeeded'
>;

const payout = (l: Described) =>
  `${plainAmount(l.amount)} ${l.currency} is paid from the loan book into the currency account of user ${l.uid}`;

/** What approving does, in one sentence (the confirm step shows it before anything happens). */
export function loanApproveEffect(l: Described): string {
  const after = l.approvedBy.length + 1;
  if (l.review === 'four_eyes' && after < l.approvalsNeeded) {
    return `Approve (${after} of ${l.approvalsNeeded}): nothing is paid yet; another operator must approve too before ${payout(l)}.`;
  }
  const step = l.review === 'four_eyes' ? ` (${after} of ${l.approvalsNeeded})` : '';
  return `Approve${step}: ${payout(l)}, and the loan's period starts. This cannot be undone.`;
}

/** What rejecting does. */
export function loanRejectEffect(l: Pick<AdminLoan, 'uid'>): string {
  return `Reject: nothing is paid; user ${l.uid} sees the reason and your note.`;
}

/** What the decision did, from the server's answer. */
export function loanDecidedText(l: Described & Pick<AdminLoan, 'state'>): string {
  if (l.state === 'rejected') return `Loan ${l.number} rejected.`;
  if (l.state === 'pending')
    return `Loan ${l.number}: your approval is ${l.approvedBy.length} of ${l.approvalsNeeded}; it waits for another operator.`;
  return `Loan ${l.number} approved: ${payout(l)}.`;
}

export interface LoanRejectDraft {
  reason: LoanRejectReason | '';
  note: string;
}

/** A rejection's body, or what is wrong with it (a reason is required; the note is optional). */
export function loanRejection(id: number, d: LoanRejectDraft): { body: LoanDecideBody } | { problem: string } {
  const note = d.note.trim();
  if (!d.reason) return { problem: 'Choose a reason: the user sees it.' };
  if (note.length > LOAN_NOTE_MAX) return { problem: `The note has at most ${LOAN_NOTE_MAX} characters.` };
  return { body: { id, approve: false, reason: d.reason, ...(note ? { note } : {}) } };
}

/* ----- Loan products ----- */

export interface LoanProductDraft {
  /** The English name; `names` the other languages' (empty: that language shows the English one). */
  name: string;
  names: NameDrafts;
  currency: string;
  minAmount: string;
  maxAmount: string;
  periodDays: string;
  dailyRate: string;
  lateDailyRate: string;
  rules: Record<HeaderLang, string>;
  enabled: boolean;
}

type LoanProductField =
  | NameField
  | 'currency'
  | 'minAmount'
  | 'maxAmount'
  | 'periodDays'
  | 'dailyRate'
  | 'lateDailyRate'
  | `rules.${HeaderLang}`;

const noRules = (): Record<HeaderLang, string> =>
  Object.fromEntries(HEADER_LANGS.map((l) => [l, ''])) as Record<HeaderLang, string>;

export function newLoanProductDraft(): LoanProductDraft {
  return {
    name: '',
    names: noNames(),
    currency: 'USDT',
    minAmount: '',
    maxAmount: '',
    periodDays: '30',
    dailyRate: '',
    lateDailyRate: '',
    rules: noRules(),
    enabled: true,
  };
}

export function loanProductDraft(p: AdminLoanProduct): LoanProductDraft {
  return {
    name: p.name,
    names: nameDrafts(p.names),
    currency: p.currency,
    minAmount: plainAmount(p.minAmount),
    maxAmount: plainAmount(p.maxAmount),
    periodDays: String(p.periodDays),
    dailyRate: p.dailyRate,
    lateDailyRate: p.lateDailyRate,
    rules: { ...noRules(), ...p.rules },
    enabled: p.enabled,
  };
}

/** What is wrong with a loan product, field by field (empty when it can be sent). */
export function loanProductProblems(d: LoanProductDraft): Problems<LoanProductField> {
  const out: Problems<LoanProductField> = { ...nameProblems(d.name, d.names) };
  if (!ASSET_SYMBOLS.includes(d.currency)) out.currency = 'Choose a coin.';
  const scale = assetOf(d.currency)?.scale ?? 8;
  const min = coinAmount(d.currency, d.minAmount);
  const max = coinAmount(d.currency, d.maxAmount);
  const notCoin = `Enter a plain decimal number of ${d.currency}, with at most ${scale} decimals.`;
  if (min === null) out.minAmount = notCoin;
  if (max === null) out.maxAmount = notCoin;
  if (min !== null && min <= 0n) out.minAmount = 'The minimum must be above 0.';
  else if (min !== null && max !== null && min > max) out.minAmount = 'The minimum must be at most the maximum.';
  const days = d.periodDays.trim();
  if (!/^[0-9]{1,4}$/.test(days) || Number(days) < 1 || Number(days) > 3650)
    out.periodDays = 'The period is a whole number of days from 1 to 3650.';
  const rate = 'The rate is a decimal with at most 8 places, at most 10 (0.0005 is 0.05 % a day).';
  if (parseRate(d.dailyRate.trim()) === null) out.dailyRate = rate;
  if (parseRate(d.lateDailyRate.trim()) === null) out.lateDailyRate = rate;
  if (!d.rules.en.trim())
    out['rules.en'] = 'The rules need an English text: users of every other language without one read it.';
  for (const lang of HEADER_LANGS) {
    if (d.rules[lang].length > LOAN_RULES_MAX)
      out[`rules.${lang}`] = `At most ${LOAN_RULES_MAX.toLocaleString('en')} characters.`;
  }
  return out;
}

/** The body of a save; only for a draft without problems. Languages left empty are left out. */
export function loanProductBody(d: LoanProductDraft, id?: string): LoanProductSave {
  const rules: LoanProductSave['rules'] = {};
  for (const lang of HEADER_LANGS) {
    const text = d.rules[lang].trim();
    if (text) rules[lang] = text;
  }
  return {
    ...(id ? { id } : {}),
    name: d.name.trim(),
    names: namesBody(d.names),
    currency: d.currency,
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    periodDays: Number(d.periodDays.trim()),
    dailyRate: d.dailyRate.trim(),
    lateDailyRate: d.lateDailyRate.trim(),
    rules,
    enabled: d.enabled,
  };
}

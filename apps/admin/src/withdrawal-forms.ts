import {
  APPROVAL_UID_PATTERN,
  WITHDRAW_NOTE_MAX,
  assetOf,
  parseAmount,
  type AdminWithdrawal,
  type WithdrawDecideBody,
  type WithdrawRejectReason,
  type WithdrawReview,
  type WithdrawRiskFlag,
  type WithdrawSetting,
  type WithdrawSettingRow,
  type WithdrawalState,
} from '@app/contract';

/**
 * The back office's withdrawal review and fee settings (issue 18) in plain words: labels, what a
 * decision does before it is made, and the settings form's checks (the server's rules, said
 * field by field, so the form refuses what the server would refuse; the server's answer is the
 * last word).
 */

export type Problems<K extends string> = Partial<Record<K, string>>;

/**
 * An amount as the server writes it (the coin's full scale: "50.000000", ETH's 18 decimals) without
 * its trailing zeros ("50", "0.003"): the same value, exactly, in a column a table can hold.
 */
export function plainAmount(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export const STATE_LABELS: Record<WithdrawalState, string> = {
  processing: 'Waiting for review',
  approved: 'Approved',
  broadcast: 'Sent to the chain',
  completed: 'Completed',
  rejected: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled by the user',
};

/** Why a withdrawal waits for an operator, as a badge says it. */
export const RISK_FLAG_LABELS: Record<WithdrawRiskFlag, string> = {
  new_address: 'New address',
  security_change: 'Recent security change',
  first_withdrawal: 'First withdrawal',
  deposit_not_traded: 'Deposit not traded',
  large_amount: 'Large amount',
};

export const REJECT_REASON_LABELS: Record<WithdrawRejectReason, string> = {
  address_risk: 'The address is a risk',
  suspicious_activity: 'Suspicious activity',
  identity_check: "The user's identity must be checked",
  user_request: 'The user asked for it',
  other: 'Other',
};

const REVIEW_LABELS: Record<WithdrawReview, string> = {
  auto: 'Automatic',
  manual: 'One operator',
  four_eyes: 'Four eyes',
};

/** How the withdrawal is reviewed, with the approvals so far when it needs two: "Four eyes · 1 of 2 approvals". */
export function reviewLabel(w: Pick<AdminWithdrawal, 'review' | 'approvedBy' | 'approvalsNeeded'>): string {
  if (w.review !== 'four_eyes') return REVIEW_LABELS[w.review];
  return `${REVIEW_LABELS.four_eyes} · ${Math.min(w.approvedBy.length, w.approvalsNeeded)} of ${w.approvalsNeeded} approvals`;
}

/** Whether `email` approved this withdrawal already (four eyes: the second approval must be another operator's). */
export function approvedByMe(w: Pick<AdminWithdrawal, 'approvedBy'>, email: string | undefined): boolean {
  return email !== undefined && w.approvedBy.includes(email);
}

type Described = Pick<
  AdminWithdrawal,
  | 'number'
  | 'uid'
  | 'currency'
  | 'amount'
  | 'receive'
  | 'address'
  | 'chainName'
  | 'protocol'
  | 'review'
  | 'approvedBy'
  | 'approvalsNeeded'
>;

const destination = (w: Described) =>
  `${plainAmount(w.receive)} ${w.currency} is sent to ${w.address} on ${w.chainName} (${w.protocol})`;

/** What approving does, in one sentence (the confirm step shows it before anything happens). */
export function approveEffect(w: Described): string {
  const after = w.approvedBy.length + 1;
  if (w.review === 'four_eyes' && after < w.approvalsNeeded) {
    return `Approve (${after} of ${w.approvalsNeeded}): nothing is sent yet; another operator must approve too before ${destination(w)}.`;
  }
  const step = w.review === 'four_eyes' ? ` (${after} of ${w.approvalsNeeded})` : '';
  return `Approve${step}: ${destination(w)}. This cannot be undone.`;
}

/** What rejecting does. */
export function rejectEffect(w: Pick<AdminWithdrawal, 'uid' | 'amount' | 'currency'>): string {
  return `Reject: ${plainAmount(w.amount)} ${w.currency} goes back to the balance of user ${w.uid}, who sees the reason and your note.`;
}

/** What the decision did, from the server's answer. */
export function decidedText(w: Described & Pick<AdminWithdrawal, 'state'>): string {
  if (w.state === 'rejected')
    return `Withdrawal ${w.number} rejected: ${plainAmount(w.amount)} ${w.currency} returned to user ${w.uid}.`;
  if (w.state === 'processing')
    return `Withdrawal ${w.number}: your approval is ${w.approvedBy.length} of ${w.approvalsNeeded}; it waits for another operator.`;
  return `Withdrawal ${w.number} approved: ${destination(w)}.`;
}

export interface RejectDraft {
  reason: WithdrawRejectReason | '';
  note: string;
}

/** What is wrong with a rejection (empty when it can be sent). */
export function rejectProblems(d: RejectDraft): Problems<keyof RejectDraft> {
  const out: Problems<keyof RejectDraft> = {};
  if (!d.reason) out.reason = 'Choose a reason: the user sees it.';
  if (d.note.trim().length > WITHDRAW_NOTE_MAX) out.note = `The note has at most ${WITHDRAW_NOTE_MAX} characters.`;
  return out;
}

/** The body of a rejection; only for a draft without problems. The note is left out when empty. */
export function rejectBody(id: number, d: RejectDraft): WithdrawDecideBody {
  const note = d.note.trim();
  return { id, approve: false, ...(d.reason ? { reason: d.reason } : {}), ...(note ? { note } : {}) };
}

const UID = new RegExp(APPROVAL_UID_PATTERN);

/** The queue's UID search: 8 digits, or nothing (all users). Answers the UID to ask for, or a problem. */
export function uidFilter(text: string): { uid: string | undefined } | { problem: string } {
  const uid = text.trim();
  if (!uid) return { uid: undefined };
  return UID.test(uid) ? { uid } : { problem: 'A UID is 8 digits.' };
}

/* ----- Fee settings: one coin on one chain ----- */

export interface SettingDraft {
  fee: string;
  minAmount: string;
  maxAmount: string;
  dailyLimit: string;
  enabled: boolean;
}

export const SETTING_FIELDS = ['fee', 'minAmount', 'maxAmount', 'dailyLimit'] as const;
type AmountField = (typeof SETTING_FIELDS)[number];

export const SETTING_LABELS: Record<AmountField, string> = {
  fee: 'Fee',
  minAmount: 'Minimum',
  maxAmount: 'Maximum',
  dailyLimit: 'Daily limit',
};

/** A row as the form starts: the server's values. */
export function settingDraft(row: WithdrawSettingRow): SettingDraft {
  return {
    fee: plainAmount(row.fee),
    minAmount: plainAmount(row.minAmount),
    maxAmount: plainAmount(row.maxAmount),
    dailyLimit: plainAmount(row.dailyLimit),
    enabled: row.enabled,
  };
}

/** The decimals an amount of `currency` may have: its minor unit (the settings are kept in it). */
function scaleOf(currency: string): number {
  return assetOf(currency)?.scale ?? 8;
}

/**
 * What is wrong with a setting, field by field (empty when it can be sent): each amount a plain
 * decimal of the coin, and the server's order: 0 ≤ fee < minimum ≤ maximum ≤ daily limit.
 */
export function settingProblems(currency: string, d: SettingDraft): Problems<AmountField> {
  const scale = scaleOf(currency);
  const out: Problems<AmountField> = {};
  const minor: Partial<Record<AmountField, bigint>> = {};
  for (const field of SETTING_FIELDS) {
    const text = d[field].trim();
    const value = text.length > 40 || !/^[0-9]+(\.[0-9]+)?$/.test(text) ? null : parseAmount(text, scale);
    if (value === null) out[field] = `Enter a plain decimal number of ${currency}, with at most ${scale} decimals.`;
    else minor[field] = value;
  }
  const { fee, minAmount, maxAmount, dailyLimit } = minor;
  if (fee !== undefined && minAmount !== undefined && fee >= minAmount) out.fee = 'The fee must be below the minimum.';
  if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount)
    out.minAmount = 'The minimum must be at most the maximum.';
  if (maxAmount !== undefined && dailyLimit !== undefined && maxAmount > dailyLimit)
    out.maxAmount = 'The maximum must be at most the daily limit.';
  return out;
}

/** The body of a setting's change; only for a draft without problems. */
export function settingBody(row: Pick<WithdrawSettingRow, 'currency' | 'chainType'>, d: SettingDraft): WithdrawSetting {
  return {
    currency: row.currency,
    chainType: row.chainType,
    fee: d.fee.trim(),
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    dailyLimit: d.dailyLimit.trim(),
    enabled: d.enabled,
  };
}

/** Whether the draft differs from the row (by value: "1.50" is "1.5"). */
export function settingChanged(row: WithdrawSettingRow, d: SettingDraft): boolean {
  if (row.enabled !== d.enabled) return true;
  const scale = scaleOf(row.currency);
  return SETTING_FIELDS.some((f) => parseAmount(row[f], scale) !== parseAmount(d[f].trim(), scale));
}

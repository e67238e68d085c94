import {
  APPROVAL_AMOUNT_MAX_LENGTH,
  APPROVAL_ASSET_MAX_LENGTH,
  APPROVAL_NOTE_MAX,
  APPROVAL_UID_PATTERN,
  ASSET_SYMBOLS,
  assetOf,
  positiveMinor,
  type Approval,
  type CreditRequestBody,
  type ReversalRequestBody,
} from '@app/contract';

/**
 * The four-eyes request forms (issue 16): their checks are the contract's (the limits the request schemas
 * are built from, the coins of the catalogue, positiveMinor for the amount), said in plain
 * words, so the form refuses what the server would refuse and the server's answer is the last word.
 */

const UID = new RegExp(APPROVAL_UID_PATTERN);
const TRANSACTION_ID = /^[1-9][0-9]{0,15}$/;

export interface CreditDraft {
  uid: string;
  asset: string;
  amount: string;
  note: string;
}

export interface ReversalDraft {
  transactionId: string;
  note: string;
}

export type Problems<K extends string> = Partial<Record<K, string>>;

function noteProblem(note: string): string | undefined {
  const n = note.trim();
  if (!n) return 'Say why: the note is kept with the request, the ledger transaction and the audit record.';
  if (n.length > APPROVAL_NOTE_MAX) return `The note has at most ${APPROVAL_NOTE_MAX} characters.`;
  return undefined;
}

/** What is wrong with a credit request, field by field (empty when it can be sent). */
export function creditProblems(d: CreditDraft): Problems<keyof CreditDraft> {
  const out: Problems<keyof CreditDraft> = {};
  const uid = d.uid.trim();
  if (!UID.test(uid)) out.uid = 'A UID is 8 digits.';
  const symbol = d.asset.trim().toUpperCase();
  const asset = symbol.length <= APPROVAL_ASSET_MAX_LENGTH ? assetOf(symbol) : undefined;
  if (!asset) out.asset = `Choose a coin: ${ASSET_SYMBOLS.join(', ')}.`;
  const amount = d.amount.trim();
  if (!amount) out.amount = 'Enter the amount to credit.';
  else if (asset) {
    const minor = amount.length > APPROVAL_AMOUNT_MAX_LENGTH ? 'invalid' : positiveMinor(amount, asset.scale);
    if (minor === 'zero') out.amount = 'The amount must be more than zero.';
    else if (minor === 'invalid')
      out.amount = `Enter a plain decimal number of ${asset.symbol}, with at most ${asset.scale} decimals.`;
  }
  const note = noteProblem(d.note);
  if (note) out.note = note;
  return out;
}

/** The body of a credit request; only for a draft without problems. */
export function creditBody(d: CreditDraft): CreditRequestBody {
  return { uid: d.uid.trim(), asset: d.asset.trim().toUpperCase(), amount: d.amount.trim(), note: d.note.trim() };
}

/** What is wrong with a reversal request, field by field (empty when it can be sent). */
export function reversalProblems(d: ReversalDraft): Problems<keyof ReversalDraft> {
  const out: Problems<keyof ReversalDraft> = {};
  const id = d.transactionId.trim();
  if (!TRANSACTION_ID.test(id) || !Number.isSafeInteger(Number(id)))
    out.transactionId = 'The ledger transaction id is a whole number from 1.';
  const note = noteProblem(d.note);
  if (note) out.note = note;
  return out;
}

/** The body of a reversal request; only for a draft without problems. */
export function reversalBody(d: ReversalDraft): ReversalRequestBody {
  return { transactionId: Number(d.transactionId.trim()), note: d.note.trim() };
}

/** A request's action in words. */
export function actionLabel(a: Approval): string {
  return a.action === 'balance.credit' ? 'Credit' : 'Reversal';
}

/** What approving a request does, in one sentence (the confirm step shows it before anything moves). */
export function approveEffect(a: Approval): string {
  if (a.action === 'balance.credit') {
    return `Approve: ${a.payload.amount ?? '?'} ${a.payload.asset ?? ''} is credited now to the real currency account of user ${a.targetId}, asked by ${a.requestedBy}.`;
  }
  return `Approve: ledger transaction ${a.targetId} is reversed now by a new, opposite transaction, asked by ${a.requestedBy}.`;
}

/** What rejecting a request does. */
export function rejectEffect(a: Approval): string {
  return `Reject: nothing ${a.action === 'balance.credit' ? 'is credited' : 'is reversed'}; the request by ${a.requestedBy} is closed for good.`;
}

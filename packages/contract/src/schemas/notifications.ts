import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, withError } from './common';

/**
 * Notifications (docs/product.md §7 "news, notifications, app"; docs/notifications.md). A personal
 * notification is one row of its user; an announcement is one row for everyone, with each user's
 * read state beside it. Both travel in one list and are addressed by one id form:
 * `n…` a personal notification (32 hex digits), `a…` an announcement (its public id).
 */

export const NOTICE_ID_PATTERN =
  '^(n[0-9a-f]{32}|a[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$';
export const NoticeId = Type.String({
  minLength: 33,
  maxLength: 37,
  pattern: NOTICE_ID_PATTERN,
  ...withError('NOTICE_ID_INVALID'),
  description:
    '`n` + 32 hex digits (a personal notification) or `a` + a public id (an announcement), as the list answers it',
});

/** The largest page of the notification list. */
export const NOTICE_PAGE_SIZE_MAX = 50;

export const Notice = Type.Object({
  id: Type.String({ description: 'n… (personal) or a… (announcement)' }),
  /** A personal notification's kind (NOTICE_KINDS), or `announcement`. */
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** Where it leads in the app (a mobile route or an https address), or null. */
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: EpochMs,
  read: Type.Boolean(),
  /** An announcement shown in English because it has no text in the reader's language. */
  fallback: Type.Boolean(),
});
export type Notice = Static<typeof Notice>;

export const UnreadCount = Type.Object({
  unread: Type.Integer({ description: 'personal notifications and announcements the user has not read' }),
});
export type UnreadCount = Static<typeof UnreadCount>;
export const NoticeCountResponse = Envelope(UnreadCount);

export const NoticeReadBody = Type.Object({ id: NoticeId }, { additionalProperties: false });
export type NoticeReadBody = Static<typeof NoticeReadBody>;

export const NoticeDetailQuery = Type.Object({ id: NoticeId });
export const NoticeDetailResponse = Envelope(Notice);

export const NoticeListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTICE_PAGE_SIZE_MAX, default: 20 })),
});
export type NoticeListQuery = Static<typeof NoticeListQuery>;
export const NoticePage = Type.Object({
  items: Type.Array(Notice),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type NoticePage = Static<typeof NoticePage>;
export const NoticeListResponse = Envelope(NoticePage);

/**
 * The stream (`GET api/market/sse/user-sse-events`): `text/event-stream`. Its query: `lang` (as
 * the header) and `lastEventId` (instead of the Last-Event-ID header, for a client that cannot set
 * it). Each event's `id:` is its place in the notice stream.
 */
export const NoticeStreamQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  lastEventId: Type.Optional(
    Type.String({ maxLength: 18, pattern: '^[0-9]{1,18}$', ...withError('NOTICE_CURSOR_INVALID') }),
  ),
});
export const NOTICE_STREAM_EVENTS = ['notice', 'announcement', 'unread', 'chat', 'chat-read'] as const;
export type NoticeStreamEvent = (typeof NOTICE_STREAM_EVENTS)[number];

/** `chat`: a message of the user's support conversation. */
export const ChatStreamMessage = Type.Object({
  id: Type.Integer(),
  author: Type.Union([Type.Literal('user'), Type.Literal('operator')]),
  body: Type.String(),
  /** The attached image (a private upload, served to its owner), or null. */
  image: Type.Union([Type.String(), Type.Null()]),
  createdAt: EpochMs,
});
export type ChatStreamMessage = Static<typeof ChatStreamMessage>;

/** `chat-read`: support has read the user's messages up to this message id. */
export const ChatStreamRead = Type.Object({ operatorReadThrough: Type.Integer() });
export type ChatStreamRead = Static<typeof ChatStreamRead>;

/** The event stream's documentation page (it is not JSON). */
export const NoticeStreamResponse = Type.Unsafe<string>({
  type: 'string',
  description: 'text/event-stream: events notice, announcement, unread, chat, chat-read; a comment every 15 s',
});

import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, PublicId, PublicIdParam, withError } from './common';
import { AdminPage, AdminPageInfo, type OperatorRole } from './admin';
import { API } from '../paths';
import { HEADER_LANGS } from '../lang';

/**
 * Customer-service chat (issue 20, docs/chat.md). One conversation per user (tied to their UID),
 * created by their first message and reopened when they write again after an operator closed it.
 * Operators answer from the back-office inbox (queues, assignment, canned replies).
 *
 * Message ids are integers that grow with time: a page is asked `before` or `after` an id, and a
 * read receipt is "read through id N" (every message with id ≤ N is read). The user sees a message
 * of theirs as read by support when `id ≤ conversation.operatorReadThrough`.
 *
 * Real time: new messages and read-state changes travel on the user's notice stream
 * (`api/market/sse/user-sse-events`) as events `chat` (data: ChatMessage) and `chat-read`
 * (data: ChatConversation); the REST calls below are the source of truth after a reconnect.
 */

export const CHAT_QUEUES = ['general', 'account', 'deposits', 'withdrawals', 'trading', 'kyc', 'loans'] as const;
export type ChatQueue = (typeof CHAT_QUEUES)[number];
export const CHAT_STATES = ['open', 'closed'] as const;
export type ChatState = (typeof CHAT_STATES)[number];
export const CHAT_AUTHORS = ['user', 'operator'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

/** Longest message text, in characters (after trimming). */
export const CHAT_BODY_MAX = 2000;
/** Longest `from` (the app route support was opened from). */
export const CHAT_FROM_MAX = 200;
/** A page of messages holds at most this many. */
export const CHAT_PAGE_MAX = 100;
export const CHAT_CANNED_TITLE_MAX = 100;

const MessageId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  ...withError('CHAT_MESSAGE_NOT_FOUND'),
});
const Cursor = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...withError('INVALID_PARAMETER') });

/** The client's id of a message (e.g. a UUID it made): a resend with the same id is the same message. */
export const ChatClientId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  ...withError('CHAT_CLIENT_ID_INVALID'),
});
const Body = Type.String({
  maxLength: CHAT_BODY_MAX * 2,
  ...withError('CHAT_MESSAGE_TOO_LONG'),
  description: `at most ${CHAT_BODY_MAX} characters after trimming`,
});
/** The app route support was opened from (docs/product.md §2 `from`, default `home`). */
const From = Type.String({ minLength: 1, maxLength: CHAT_FROM_MAX, ...withError('INVALID_PARAMETER') });
const ImagePath = Type.String({
  maxLength: 200,
  ...withError('CHAT_IMAGE_INVALID'),
  description: `a path \`${API.common.upload}\` answered for kind \`private\` (the user's own upload)`,
});

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  author: Type.Enum(CHAT_AUTHORS),
  /** Empty when the message is only an image. */
  body: Type.String(),
  /**
   * The attached image, or null. For the user: the private path (GET it with the token header, like
   * every private upload). In the back office: the audited `ADMIN_API.chat.image` address.
   */
  image: Type.Union([Type.String(), Type.Null()]),
  /** The client's id the user sent it with (null for operators' messages seen by the user). */
  clientId: Type.Union([Type.String(), Type.Null()]),
  /** The operator's display name (their email's local part) in the back office; "Support" to the user; null for the user's own. */
  operator: Type.Union([Type.String(), Type.Null()]),
  createdAt: EpochMs,
});
export type ChatMessage = Static<typeof ChatMessage>;

/** The user's view of their conversation. */
export const ChatConversation = Type.Object({
  id: PublicId,
  state: Type.Enum(CHAT_STATES),
  queue: Type.Enum(CHAT_QUEUES),
  /** The last message id the user has read. */
  userReadThrough: Type.Integer(),
  /** The last message id support has read: the user's messages up to it show as "read". */
  operatorReadThrough: Type.Integer(),
  /** Operator messages after userReadThrough. */
  unread: Type.Integer(),
  lastMessageAt: EpochMs,
});
export type ChatConversation = Static<typeof ChatConversation>;

/* ---------------------------------------------------------------- user API (session required) */

/** GET `API.chat.conversation`: the user's conversation, or null before their first message. */
export const ChatConversationResponse = Envelope(Type.Union([ChatConversation, Type.Null()]));

/** GET `API.chat.messages`: newest first when neither cursor is given; `before`: older than; `after`: newer than (ascending). */
const PageCursors = {
  before: Type.Optional(Cursor),
  after: Type.Optional(Cursor),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: 50, ...withError('INVALID_PARAMETER') }),
  ),
};
export const ChatMessagesQuery = Type.Object(PageCursors, { additionalProperties: false });
export type ChatMessagesQuery = Static<typeof ChatMessagesQuery>;
/** Items in ascending id order either way; `hasMore`: more exist beyond the page in the asked direction. */
export const ChatMessagePage = Type.Object({ items: Type.Array(ChatMessage), hasMore: Type.Boolean() });
export type ChatMessagePage = Static<typeof ChatMessagePage>;
export const ChatMessagesResponse = Envelope(ChatMessagePage);

/** POST `API.chat.send`: text, an image, or both. Creates the conversation on the first message; reopens a closed one. */
export const ChatSendBody = Type.Object(
  {
    clientId: ChatClientId,
    body: Type.Optional(Body),
    image: Type.Optional(ImagePath),
    /** Where support was opened from (docs/product.md §7 `from`); used for a new conversation's queue. Default `home`. */
    from: Type.Optional(From),
  },
  { additionalProperties: false },
);
export type ChatSendBody = Static<typeof ChatSendBody>;
export const ChatSendResult = Type.Object({ message: ChatMessage, conversation: ChatConversation });
export type ChatSendResult = Static<typeof ChatSendResult>;
export const ChatSendResponse = Envelope(ChatSendResult);

/** POST `API.chat.read`: the user has read every message up to `throughId` (never moves back). */
export const ChatReadBody = Type.Object({ throughId: MessageId }, { additionalProperties: false });
export type ChatReadBody = Static<typeof ChatReadBody>;
export const ChatReadResponse = Envelope(ChatConversation);

/* ------------------------------------------------------------ back office (support, admin) */

/** The operator roles that answer the chat (every /admin/api/chat/ route allows these). */
export const CHAT_OPERATOR_ROLES = ['support', 'admin'] as const satisfies readonly OperatorRole[];

export const CHAT_INBOX_FILTERS = ['all', 'unassigned', 'mine', 'open', 'closed'] as const;
export type ChatInboxFilter = (typeof CHAT_INBOX_FILTERS)[number];

const ConversationIdParam = PublicIdParam('CHAT_CONVERSATION_NOT_FOUND');
const OperatorRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const ChatInboxItem = Type.Object({
  id: PublicId,
  /** The user's UID (their public number). */
  uid: Type.String(),
  userEmail: Type.Union([Type.String(), Type.Null()]),
  queue: Type.Enum(CHAT_QUEUES),
  state: Type.Enum(CHAT_STATES),
  origin: Type.String(),
  assignedTo: Type.Union([OperatorRef, Type.Null()]),
  lastMessageAt: EpochMs,
  /** The newest message's text (first 80 characters; "[image]" for an image alone). */
  preview: Type.String(),
  /** User messages after operatorReadThrough. */
  unread: Type.Integer(),
  userReadThrough: Type.Integer(),
  operatorReadThrough: Type.Integer(),
  createdAt: EpochMs,
});
export type ChatInboxItem = Static<typeof ChatInboxItem>;

export const ChatInboxQuery = Type.Object(
  {
    ...AdminPage,
    queue: Type.Optional(Type.Enum(CHAT_QUEUES, withError('CHAT_QUEUE_INVALID'))),
    filter: Type.Optional(Type.Enum(CHAT_INBOX_FILTERS, withError('INVALID_PARAMETER'))),
    /** A user's UID, exact. */
    uid: Type.Optional(Type.String({ minLength: 1, maxLength: 32, ...withError('INVALID_PARAMETER') })),
  },
  { additionalProperties: false },
);
export type ChatInboxQuery = Static<typeof ChatInboxQuery>;
export const ChatInbox = Type.Object({ items: Type.Array(ChatInboxItem), ...AdminPageInfo });
export type ChatInbox = Static<typeof ChatInbox>;
export const ChatInboxResponse = Envelope(ChatInbox);

/**
 * GET `ADMIN_API.chat.inboxState`: the cheap poll (every 2 s) of the inbox page. `version` changes
 * whenever anything the inbox shows changes (a message, an assignment, a read, a close); the page
 * reloads its list and open conversation only then. Counts per queue of open conversations.
 */
export const ChatInboxState = Type.Object({
  version: Type.String(),
  open: Type.Integer(),
  unassigned: Type.Integer(),
  mine: Type.Integer(),
  /** Open conversations per queue (queues with none are left out). */
  queues: Type.Array(Type.Object({ queue: Type.Enum(CHAT_QUEUES), open: Type.Integer() })),
});
export type ChatInboxState = Static<typeof ChatInboxState>;
export const ChatInboxStateResponse = Envelope(ChatInboxState);

/** GET `ADMIN_API.chat.conversation` (`id`) and `ADMIN_API.chat.messages` (`id` + ChatMessagesQuery's cursors). */
export const ChatAdminConversationQuery = Type.Object({ id: ConversationIdParam }, { additionalProperties: false });
export type ChatAdminConversationQuery = Static<typeof ChatAdminConversationQuery>;
export const ChatAdminConversationResponse = Envelope(ChatInboxItem);
export const ChatAdminMessagesQuery = Type.Object(
  { id: ConversationIdParam, ...PageCursors },
  { additionalProperties: false },
);
export type ChatAdminMessagesQuery = Static<typeof ChatAdminMessagesQuery>;

/** POST `ADMIN_API.chat.reply`: an operator's message (idempotent by clientId like the user's). */
export const ChatReplyBody = Type.Object(
  {
    id: ConversationIdParam,
    clientId: ChatClientId,
    body: Body,
  },
  { additionalProperties: false },
);
export type ChatReplyBody = Static<typeof ChatReplyBody>;
export const ChatReplyResponse = Envelope(ChatMessage);

/** POST `ADMIN_API.chat.read`: support has read up to `throughId` (the user sees "read"). */
export const ChatAdminReadBody = Type.Object(
  { id: ConversationIdParam, throughId: MessageId },
  { additionalProperties: false },
);
export type ChatAdminReadBody = Static<typeof ChatAdminReadBody>;

/** POST `ADMIN_API.chat.assign`: to an operator of role support or admin (`operatorId`), or nobody (null). */
export const ChatAssignBody = Type.Object(
  {
    id: ConversationIdParam,
    operatorId: Type.Union(
      [Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()],
      withError('CHAT_OPERATOR_INVALID'),
    ),
  },
  { additionalProperties: false },
);
export type ChatAssignBody = Static<typeof ChatAssignBody>;

/** POST `ADMIN_API.chat.move`: to another queue. */
export const ChatMoveBody = Type.Object(
  { id: ConversationIdParam, queue: Type.Enum(CHAT_QUEUES, withError('CHAT_QUEUE_INVALID')) },
  { additionalProperties: false },
);
export type ChatMoveBody = Static<typeof ChatMoveBody>;

/** POST `ADMIN_API.chat.close`: closed until the user writes again. */
export const ChatCloseBody = Type.Object({ id: ConversationIdParam }, { additionalProperties: false });
export type ChatCloseBody = Static<typeof ChatCloseBody>;
/** Answer of read, assign, move and close: the conversation as the inbox shows it. */
export const ChatAdminUpdateResponse = ChatAdminConversationResponse;

/** GET `ADMIN_API.chat.image` (`id`, `messageId`): the image of a user's message, as bytes; every view is audited. */
export const ChatImageQuery = Type.Object(
  { id: ConversationIdParam, messageId: MessageId },
  { additionalProperties: false },
);
export type ChatImageQuery = Static<typeof ChatImageQuery>;

/** GET `ADMIN_API.chat.operators`: who a conversation may be assigned to (enabled support and admin operators). */
export const ChatOperatorsResponse = Envelope(Type.Array(OperatorRef));

/* Canned replies, per language. */
const CannedLang = Type.Enum(HEADER_LANGS, withError('INVALID_PARAMETER'));
export const ChatCannedReply = Type.Object({
  id: Type.Integer(),
  lang: Type.String(),
  title: Type.String(),
  body: Type.String(),
  updatedAt: EpochMs,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type ChatCannedReply = Static<typeof ChatCannedReply>;
/** GET `ADMIN_API.chat.canned`: all, or one language's. */
export const ChatCannedQuery = Type.Object({ lang: Type.Optional(CannedLang) }, { additionalProperties: false });
export type ChatCannedQuery = Static<typeof ChatCannedQuery>;
export const ChatCannedListResponse = Envelope(Type.Array(ChatCannedReply));
/** POST `ADMIN_API.chat.cannedSave`: creates (no id) or changes one. */
export const ChatCannedSaveBody = Type.Object(
  {
    id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('CHAT_CANNED_NOT_FOUND') }),
    ),
    lang: CannedLang,
    title: Type.String({ minLength: 1, maxLength: CHAT_CANNED_TITLE_MAX, ...withError('CHAT_CANNED_INVALID') }),
    body: Type.String({ minLength: 1, maxLength: CHAT_BODY_MAX, ...withError('CHAT_CANNED_INVALID') }),
  },
  { additionalProperties: false },
);
export type ChatCannedSaveBody = Static<typeof ChatCannedSaveBody>;
export const ChatCannedSaveResponse = Envelope(ChatCannedReply);
export const ChatCannedDeleteBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('CHAT_CANNED_NOT_FOUND') }) },
  { additionalProperties: false },
);
export type ChatCannedDeleteBody = Static<typeof ChatCannedDeleteBody>;

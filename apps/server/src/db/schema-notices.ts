import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './schema-operators';
import { publicId, uploads, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** A place in the notice stream (docs/notifications.md): NULL until the stamper numbers the row. */
const seq = () => bigint('seq', { mode: 'number' });

/* ------------------------------------------------------------------------------------------------
 * The notice stream (docs/notifications.md)
 *
 * Everything a user's server-sent-event stream carries — their notifications, announcements, chat
 * messages and read-state changes — is numbered from ONE sequence, `notice_seq`, so the stream's
 * cursor (the SSE event id, Last-Event-ID) is one integer. Writers insert rows with `seq` NULL in
 * their own transaction; the stamper numbers them later, one stamping transaction at a time under
 * an advisory lock, so numbers become visible in increasing order and a reader that has seen N
 * never later meets a committed row below N (a reader following `seq > cursor` has no gaps).
 * A change that must reach streams again (a read receipt, a mark-all-read) sets `seq` back to NULL.
 * ---------------------------------------------------------------------------------------------- */

export const noticeSeq = pgSequence('notice_seq');

/** Per-user state of the notification centre; `seq` re-stamped on every read so other devices' counts follow. */
export const noticeStates = pgTable(
  'notice_states',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    /** Announcements with `seq` up to this are read ("mark all read"). */
    announcementsReadThrough: bigint('announcements_read_through', { mode: 'number' }).notNull().default(0),
    seq: seq(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('notice_states_seq').on(t.seq),
    index('notice_states_unstamped').on(t.userId).where(sql`${t.seq} IS NULL`),
  ],
);

/** One announcement read by one user (a broadcast is one row in content_posts, never copied per user). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => contentPosts.id),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/* ------------------------------------------------------------------------------------------------
 * Content: news and announcements, the helper centre, legal texts (docs/content.md)
 * ---------------------------------------------------------------------------------------------- */

/**
 * A news item or an announcement. `translations` is { [lang]: { title, summary, body } } with `en`
 * required (a missing language falls back to English, marked as such). Visible from `publishAt`;
 * an announcement is stamped into the notice stream (`seq`) once it is visible.
 */
export const contentPosts = pgTable(
  'content_posts',
  {
    id: id(),
    publicId: publicId(),
    /** news | announcement */
    kind: text('kind').notNull(),
    translations: jsonb('translations').notNull(),
    /** Optional banner image path (home banners read published posts that have one). */
    image: text('image'),
    link: text('link'),
    publishAt: ts('publish_at').notNull(),
    withdrawnAt: ts('withdrawn_at'),
    seq: seq(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  },
  (t) => [
    uniqueIndex('content_posts_public_id').on(t.publicId),
    uniqueIndex('content_posts_seq').on(t.seq),
    index('content_posts_published').on(t.kind, t.publishAt, t.id),
    index('content_posts_unstamped').on(t.publishAt).where(sql`${t.seq} IS NULL AND ${t.kind} = 'announcement'`),
    check('content_posts_kind', sql`${t.kind} IN ('news', 'announcement')`),
  ],
);

/** A helper-centre article: `translations` { [lang]: { title, body } }, `en` required. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: id(),
    publicId: publicId(),
    /** registration | deposits | withdrawals | contracts | demo | kyc | loans | financing | fees | ... */
    category: text('category').notNull(),
    sort: integer('sort').notNull().default(0),
    translations: jsonb('translations').notNull(),
    published: boolean('published').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  },
  (t) => [
    uniqueIndex('help_articles_public_id').on(t.publicId),
    index('help_articles_category').on(t.category, t.sort, t.id),
  ],
);

/**
 * A version of a legal or company text (about | company | privacy | agreement). Versions are
 * immutable once published: a change is a new version. `translations` { [lang]: { title, body } }.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: id(),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    translations: jsonb('translations').notNull(),
    publishedAt: ts('published_at').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id),
  },
  (t) => [
    uniqueIndex('legal_documents_version').on(t.kind, t.version),
    check('legal_documents_kind', sql`${t.kind} IN ('about', 'company', 'privacy', 'agreement')`),
  ],
);

/** Which version of a legal text a user accepted, and when (at registration, or later when asked). */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => legalDocuments.id),
    acceptedAt: ts('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);

/* ------------------------------------------------------------------------------------------------
 * Customer-service chat (docs/chat.md)
 * ---------------------------------------------------------------------------------------------- */

/** One conversation per user, reopened when they write again. `seq` re-stamped when read state changes. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** general | account | deposits | withdrawals | trading | kyc | loans */
    queue: text('queue').notNull(),
    /** open | closed */
    state: text('state').notNull(),
    assignedTo: bigint('assigned_to', { mode: 'number' }).references(() => operators.id),
    /** The page the user opened support from (docs/product.md §7: `from`, default home). */
    origin: text('origin').notNull(),
    lastMessageAt: ts('last_message_at').notNull(),
    /** The last message id each side has read. */
    userReadThrough: bigint('user_read_through', { mode: 'number' }).notNull().default(0),
    operatorReadThrough: bigint('operator_read_through', { mode: 'number' }).notNull().default(0),
    /** The last operator message the user was told of by a notification (they were away when it came). */
    userNotifiedThrough: bigint('user_notified_through', { mode: 'number' }).notNull().default(0),
    seq: seq(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_conversations_user').on(t.userId),
    uniqueIndex('chat_conversations_public_id').on(t.publicId),
    uniqueIndex('chat_conversations_seq').on(t.seq),
    index('chat_conversations_inbox').on(t.state, t.queue, t.lastMessageAt),
    index('chat_conversations_unstamped').on(t.id).where(sql`${t.seq} IS NULL`),
    check('chat_conversations_state', sql`${t.state} IN ('open', 'closed')`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    /** user | operator */
    author: text('author').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    body: text('body').notNull(),
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => uploads.id),
    /** The client's id for the message: a resend after a lost answer is the same message. */
    clientId: text('client_id'),
    seq: seq(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('chat_messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client').on(t.conversationId, t.clientId),
    uniqueIndex('chat_messages_seq').on(t.seq),
    index('chat_messages_unstamped').on(t.id).where(sql`${t.seq} IS NULL`),
    check(
      'chat_messages_author',
      sql`(${t.author} = 'user' AND ${t.operatorId} IS NULL) OR (${t.author} = 'operator' AND ${t.operatorId} IS NOT NULL)`,
    ),
  ],
);

export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: id(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
});

/* ------------------------------------------------------------------------------------------------
 * App versions and downloads (docs/app-version.md)
 * ---------------------------------------------------------------------------------------------- */

/** A published app version (docs/product.md §3 "App version"); the newest per platform is the one offered. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: id(),
    /** ios | android */
    platform: text('platform').notNull(),
    versionNo: text('version_no').notNull(),
    description: text('description').notNull(),
    linkUpdateHot: text('link_update_hot').notNull(),
    linkUpdateFull: text('link_update_full').notNull(),
    /** must_update | choose_update */
    newUpdateTag: text('new_update_tag').notNull(),
    publishedAt: ts('published_at').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id),
  },
  (t) => [
    uniqueIndex('app_versions_platform_version').on(t.platform, t.versionNo),
    check('app_versions_platform', sql`${t.platform} IN ('ios', 'android')`),
    check('app_versions_tag', sql`${t.newUpdateTag} IN ('must_update', 'choose_update')`),
  ],
);

/** The download links shown as QR codes (`app-version/app-qr`). */
export const appDownloads = pgTable('app_downloads', {
  id: id(),
  /** ios | android */
  platform: text('platform').notNull(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
});

import {
  ADMIN_API,
  ADMIN_LIST_COUNT_CAP,
  CHAT_BODY_MAX,
  type ChatAdminMessagesQuery,
  type ChatAssignBody,
  type ChatCannedReply,
  type ChatCannedSaveBody,
  type ChatConversation,
  type ChatInbox,
  type ChatInboxItem,
  type ChatInboxQuery,
  type ChatInboxState,
  type ChatMessage,
  type ChatMessagePage,
  type ChatMessagesQuery,
  type ChatQueue,
  type ChatSendBody,
  type ChatSendResult,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import { privateUploadId } from '../files';
import { notifyUser } from '../notifications';
import { operatorEmails } from '../operators';
import { adminListScope } from '../users';
import { chatRepo, type CannedRow, type ConversationRow, type InboxRow, type MessageWithImage } from './repository';

/** What chat asks of uploads (the files module's public face): the user's own private files, and a file for a reviewer. */
export interface ChatFiles {
  ownPrivateNames(userId: number, paths: readonly string[]): Promise<(string | null)[]>;
  privatePath(name: string): string;
  readForReview(name: string): Promise<{ data: Buffer; mime: string }>;
}

export interface ChatDeps {
  audit: AuditLog;
  files: ChatFiles;
  /** Tells the notice stream that rows were written (the notifications module's nudge), if it runs. */
  nudge?: () => void;
}

export interface ChatConfig {
  /** An operator reply unread this long (seconds) becomes a notification (CHAT_NOTIFY_AFTER_SECONDS). */
  notifyAfterSeconds: number;
}

/** The notification kind of a reply the user was away for. */
export const CHAT_REPLY_NOTICE = 'chat.reply';
const PREVIEW_CHARS = 80;
/** What the user sees as the author of an operator's message. */
const SUPPORT_NAME = 'Support';

/**
 * Which queue a new conversation starts in, from the page support was opened from (docs/product.md §7 `from`):
 * e.g. `/pages/withdraw/index` → withdrawals. Operators can move it.
 */
export function queueOfOrigin(origin: string): ChatQueue {
  const o = origin.toLowerCase();
  if (/withdraw/.test(o)) return 'withdrawals';
  if (/deposit|recharge/.test(o)) return 'deposits';
  if (/kyc|id-?card|verif|identity/.test(o)) return 'kyc';
  if (/loan/.test(o)) return 'loans';
  if (/trade|contract|market|spot|forex|futures|financ|otc|flash/.test(o)) return 'trading';
  if (/profile|account|security|password|setting|login|register/.test(o)) return 'account';
  return 'general';
}

/** The first characters of a message's text, or "[image]" for an image alone. */
export function previewOf(body: string | null, hasImage: boolean): string {
  const text = (body ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return hasImage ? '[image]' : '';
  return [...text].slice(0, PREVIEW_CHARS).join('');
}

function cleanBody(body: string | undefined): string {
  const text = (body ?? '').trim();
  if ([...text].length > CHAT_BODY_MAX) throw new AppError('CHAT_MESSAGE_TOO_LONG');
  return text;
}

const nameOf = (email: string) => email.split('@')[0] ?? email;

/**
 * Customer-service chat (docs/chat.md): one conversation per user, their messages and images,
 * operators' replies, read marks on both sides; the inbox of the back office with queues,
 * assignment and canned replies; a notification for a reply the user was away for.
 * Every write leaves the rows it touched with `seq` NULL: the notice stream numbers and carries them.
 */
export class ChatService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: ChatDeps,
    private readonly config: ChatConfig,
  ) {}

  private nudge(): void {
    this.deps.nudge?.();
  }

  // ----- views ------------------------------------------------------------------------------------

  private async conversationView(c: ConversationRow): Promise<ChatConversation> {
    return {
      id: c.publicId,
      state: c.state as ChatConversation['state'],
      queue: c.queue as ChatQueue,
      userReadThrough: c.userReadThrough,
      operatorReadThrough: c.operatorReadThrough,
      unread: await chatRepo.unreadForUser(this.ctx.db, c),
      lastMessageAt: c.lastMessageAt.getTime(),
    };
  }

  private userMessage(m: MessageWithImage): ChatMessage {
    return {
      id: m.id,
      author: m.author as ChatMessage['author'],
      body: m.body,
      image: m.imageName ? this.deps.files.privatePath(m.imageName) : null,
      clientId: m.author === 'user' ? m.clientId : null,
      operator: m.author === 'operator' ? SUPPORT_NAME : null,
      createdAt: m.createdAt.getTime(),
    };
  }

  private async adminMessages(publicId: string, rows: MessageWithImage[]): Promise<ChatMessage[]> {
    const emails = await operatorEmails(
      this.ctx.db,
      rows.flatMap((m) => (m.operatorId === null ? [] : [m.operatorId])),
    );
    return rows.map((m) => ({
      id: m.id,
      author: m.author as ChatMessage['author'],
      body: m.body,
      image: m.uploadId === null ? null : `${ADMIN_API.chat.image}?id=${publicId}&messageId=${m.id}`,
      clientId: m.clientId,
      operator: m.operatorId === null ? null : nameOf(emails.get(m.operatorId) ?? ''),
      createdAt: m.createdAt.getTime(),
    }));
  }

  private async inboxItems(rows: InboxRow[]): Promise<ChatInboxItem[]> {
    const emails = await operatorEmails(
      this.ctx.db,
      rows.flatMap((r) => (r.c.assignedTo === null ? [] : [r.c.assignedTo])),
    );
    return rows.map(({ c, uid, email, lastBody, lastHasImage, unread }) => ({
      id: c.publicId,
      uid,
      userEmail: email,
      queue: c.queue as ChatQueue,
      state: c.state as ChatInboxItem['state'],
      origin: c.origin,
      assignedTo: c.assignedTo === null ? null : { id: c.assignedTo, name: nameOf(emails.get(c.assignedTo) ?? '') },
      lastMessageAt: c.lastMessageAt.getTime(),
      preview: previewOf(lastBody, lastHasImage),
      unread,
      userReadThrough: c.userReadThrough,
      operatorReadThrough: c.operatorReadThrough,
      createdAt: c.createdAt.getTime(),
    }));
  }

  // ----- the user's side --------------------------------------------------------------------------

  async mine(userId: number): Promise<ChatConversation | null> {
    const c = await chatRepo.conversationOfUser(this.ctx.db, userId);
    return c ? this.conversationView(c) : null;
  }

  async messages(userId: number, q: ChatMessagesQuery): Promise<ChatMessagePage> {
    const c = await chatRepo.conversationOfUser(this.ctx.db, userId);
    if (!c) return { items: [], hasMore: false };
    const page = await chatRepo.page(this.ctx.db, c.id, { before: q.before, after: q.after, limit: q.limit ?? 50 });
    return { items: page.items.map((m) => this.userMessage(m)), hasMore: page.hasMore };
  }

  /**
   * A message of the user: text, an image of their own private uploads, or both. The first one
   * makes the conversation (its queue from `from`); a closed one opens again. A resend with the
   * same clientId answers the message the first one made, and writes nothing.
   */
  async send(userId: number, body: ChatSendBody): Promise<ChatSendResult> {
    const text = cleanBody(body.body);
    let uploadId: number | null = null;
    if (body.image !== undefined) {
      const [name] = await this.deps.files.ownPrivateNames(userId, [body.image]);
      const id = name ? await privateUploadId(this.ctx.db, userId, name) : undefined;
      if (id === undefined) throw new AppError('CHAT_IMAGE_INVALID');
      uploadId = id;
    }
    if (!text && uploadId === null) throw new AppError('CHAT_MESSAGE_EMPTY');
    const origin = body.from?.trim() || 'home';
    const now = this.ctx.clock.now();
    const { message, conversation, created } = await this.ctx.db.transaction(async (tx) => {
      const c = await chatRepo.ensureConversation(tx, userId, queueOfOrigin(origin), origin, now);
      const inserted = await chatRepo.insertMessage(tx, {
        conversationId: c.id,
        author: 'user',
        operatorId: null,
        body: text,
        uploadId,
        clientId: body.clientId,
        createdAt: now,
      });
      if (!inserted)
        return {
          message: (await chatRepo.messageByClientId(tx, c.id, body.clientId))!,
          conversation: c,
          created: false,
        };
      const updated = await chatRepo.update(tx, c.id, { lastMessageAt: now, state: 'open' });
      return { message: (await chatRepo.messageById(tx, c.id, inserted.id))!, conversation: updated, created: true };
    });
    if (created) this.nudge();
    return { message: this.userMessage(message), conversation: await this.conversationView(conversation) };
  }

  /** The user has read up to `throughId` (never moves back); the conversation travels again on the stream. */
  async userRead(userId: number, throughId: number): Promise<ChatConversation> {
    const c = await chatRepo.conversationOfUser(this.ctx.db, userId);
    if (!c) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    if (!(await chatRepo.messageById(this.ctx.db, c.id, throughId))) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    if (throughId <= c.userReadThrough) return this.conversationView(c);
    const updated = await chatRepo.update(this.ctx.db, c.id, { userReadThrough: throughId, seq: null });
    this.nudge();
    return this.conversationView(updated);
  }

  /** Messages by id as their users see them (the notice stream's `chat` events). */
  async streamMessages(ids: readonly number[]): Promise<{ userId: number; message: ChatMessage }[]> {
    return (await chatRepo.messagesByIds(this.ctx.db, ids)).map((m) => ({
      userId: m.userId,
      message: this.userMessage(m),
    }));
  }

  /** Conversations by id as their users see them (the notice stream's `chat-read` events). */
  async streamConversations(
    ids: readonly number[],
  ): Promise<{ id: number; userId: number; conversation: ChatConversation }[]> {
    const rows = await chatRepo.conversationsByIds(this.ctx.db, ids);
    return Promise.all(
      rows.map(async (c) => ({ id: c.id, userId: c.userId, conversation: await this.conversationView(c) })),
    );
  }

  // ----- the back office --------------------------------------------------------------------------

  private async conversationOrThrow(publicId: string): Promise<ConversationRow> {
    const c = await chatRepo.conversationByPublicId(this.ctx.db, publicId);
    if (!c) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return c;
  }

  private async inboxItem(id: number): Promise<ChatInboxItem> {
    const row = await chatRepo.inboxRow(this.ctx.db, id);
    if (!row) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return (await this.inboxItems([row]))[0]!;
  }

  async inbox(actor: AuditActor, q: ChatInboxQuery): Promise<ChatInbox> {
    const { page, size, userId } = await adminListScope(this.ctx.db, q);
    const { rows, total, totalCapped } = await chatRepo.inbox(
      this.ctx.db,
      { queue: q.queue, filter: q.filter ?? 'open', userId, operatorId: actor.operatorId ?? 0 },
      page,
      size,
      ADMIN_LIST_COUNT_CAP,
    );
    return { items: await this.inboxItems(rows), page, size, total, totalCapped };
  }

  async inboxState(actor: AuditActor): Promise<ChatInboxState> {
    return chatRepo.inboxState(this.ctx.db, actor.operatorId ?? 0);
  }

  /** One conversation for an operator; opening it is audited (it shows a user's messages). */
  async conversation(actor: AuditActor, publicId: string): Promise<ChatInboxItem> {
    const c = await this.conversationOrThrow(publicId);
    await this.deps.audit.write(this.ctx.db, actor, { action: 'chat.open', targetType: 'chat', targetId: c.id });
    return this.inboxItem(c.id);
  }

  async adminMessagePage(q: ChatAdminMessagesQuery): Promise<ChatMessagePage> {
    const c = await this.conversationOrThrow(q.id);
    const page = await chatRepo.page(this.ctx.db, c.id, { before: q.before, after: q.after, limit: q.limit ?? 50 });
    return { items: await this.adminMessages(c.publicId, page.items), hasMore: page.hasMore };
  }

  /**
   * An operator's reply (idempotent by clientId): opens a closed conversation again and assigns an
   * unassigned one to the operator who answers; audited.
   */
  async reply(actor: AuditActor, body: { id: string; clientId: string; body: string }): Promise<ChatMessage> {
    const operatorId = actor.operatorId;
    if (operatorId === null) throw new AppError('SESSION_EXPIRED');
    const text = cleanBody(body.body);
    if (!text) throw new AppError('CHAT_MESSAGE_EMPTY');
    const c = await this.conversationOrThrow(body.id);
    const now = this.ctx.clock.now();
    const { message, created } = await this.ctx.db.transaction(async (tx) => {
      const inserted = await chatRepo.insertMessage(tx, {
        conversationId: c.id,
        author: 'operator',
        operatorId,
        body: text,
        uploadId: null,
        clientId: body.clientId,
        createdAt: now,
      });
      if (!inserted) return { message: (await chatRepo.messageByClientId(tx, c.id, body.clientId))!, created: false };
      await chatRepo.update(tx, c.id, { lastMessageAt: now, state: 'open', assignedTo: c.assignedTo ?? operatorId });
      await this.deps.audit.write(tx, actor, {
        action: 'chat.reply',
        targetType: 'chat',
        targetId: c.id,
        after: { messageId: inserted.id },
      });
      return { message: (await chatRepo.messageById(tx, c.id, inserted.id))!, created: true };
    });
    if (created) this.nudge();
    return (await this.adminMessages(c.publicId, [message]))[0]!;
  }

  /** Support has read up to `throughId` (never moves back): the user sees their messages as read. */
  async operatorRead(publicId: string, throughId: number): Promise<ChatInboxItem> {
    const c = await this.conversationOrThrow(publicId);
    if (!(await chatRepo.messageById(this.ctx.db, c.id, throughId))) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    if (throughId > c.operatorReadThrough) {
      await chatRepo.update(this.ctx.db, c.id, { operatorReadThrough: throughId, seq: null });
      this.nudge();
    }
    return this.inboxItem(c.id);
  }

  async assign(actor: AuditActor, body: ChatAssignBody): Promise<ChatInboxItem> {
    const c = await this.conversationOrThrow(body.id);
    if (body.operatorId !== null && (await chatRepo.assignableOperators(this.ctx.db, body.operatorId)).length === 0) {
      throw new AppError('CHAT_OPERATOR_INVALID');
    }
    await this.ctx.db.transaction(async (tx) => {
      await chatRepo.update(tx, c.id, { assignedTo: body.operatorId });
      await this.deps.audit.write(tx, actor, {
        action: 'chat.assign',
        targetType: 'chat',
        targetId: c.id,
        before: { assignedTo: c.assignedTo },
        after: { assignedTo: body.operatorId },
      });
    });
    return this.inboxItem(c.id);
  }

  async move(actor: AuditActor, publicId: string, queue: ChatQueue): Promise<ChatInboxItem> {
    const c = await this.conversationOrThrow(publicId);
    await this.ctx.db.transaction(async (tx) => {
      await chatRepo.update(tx, c.id, { queue, seq: null });
      await this.deps.audit.write(tx, actor, {
        action: 'chat.move',
        targetType: 'chat',
        targetId: c.id,
        before: { queue: c.queue },
        after: { queue },
      });
    });
    this.nudge();
    return this.inboxItem(c.id);
  }

  /** Closed until the user writes again; the user's view of it changes, so it travels again. */
  async close(actor: AuditActor, publicId: string): Promise<ChatInboxItem> {
    const c = await this.conversationOrThrow(publicId);
    if (c.state !== 'closed') {
      await this.ctx.db.transaction(async (tx) => {
        await chatRepo.update(tx, c.id, { state: 'closed', seq: null });
        await this.deps.audit.write(tx, actor, { action: 'chat.close', targetType: 'chat', targetId: c.id });
      });
      this.nudge();
    }
    return this.inboxItem(c.id);
  }

  /** The image of a message, for an operator; the view is audited before the bytes are read. */
  async image(actor: AuditActor, publicId: string, messageId: number): Promise<{ data: Buffer; mime: string }> {
    const c = await this.conversationOrThrow(publicId);
    const m = await chatRepo.messageById(this.ctx.db, c.id, messageId);
    if (!m?.imageName) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    await this.deps.audit.write(this.ctx.db, actor, {
      action: 'chat.image.read',
      targetType: 'chat',
      targetId: c.id,
      after: { messageId },
    });
    return this.deps.files.readForReview(m.imageName);
  }

  async operators(): Promise<{ id: number; name: string }[]> {
    return (await chatRepo.assignableOperators(this.ctx.db)).map((o) => ({ id: o.id, name: nameOf(o.email) }));
  }

  // ----- canned replies ---------------------------------------------------------------------------

  private async cannedViews(rows: CannedRow[]): Promise<ChatCannedReply[]> {
    const emails = await operatorEmails(
      this.ctx.db,
      rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])),
    );
    return rows.map((r) => ({
      id: r.id,
      lang: r.lang,
      title: r.title,
      body: r.body,
      updatedAt: r.updatedAt.getTime(),
      updatedBy: r.updatedBy === null ? null : (emails.get(r.updatedBy) ?? null),
    }));
  }

  async canned(lang?: string): Promise<ChatCannedReply[]> {
    return this.cannedViews(await chatRepo.cannedList(this.ctx.db, lang));
  }

  async cannedSave(actor: AuditActor, body: ChatCannedSaveBody): Promise<ChatCannedReply> {
    const title = body.title.trim();
    const text = body.body.trim();
    if (!title || !text) throw new AppError('CHAT_CANNED_INVALID');
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.transaction(async (tx) => {
      const values = { lang: body.lang, title, body: text, updatedAt: now, updatedBy: actor.operatorId };
      if (body.id === undefined) {
        const r = await chatRepo.cannedInsert(tx, values);
        await this.deps.audit.write(tx, actor, {
          action: 'chat.canned.create',
          targetType: 'chat_canned',
          targetId: r.id,
          after: { lang: r.lang, title: r.title },
        });
        return r;
      }
      const before = await chatRepo.cannedById(tx, body.id);
      if (!before) throw new AppError('CHAT_CANNED_NOT_FOUND');
      const r = await chatRepo.cannedUpdate(tx, body.id, values);
      await this.deps.audit.write(tx, actor, {
        action: 'chat.canned.update',
        targetType: 'chat_canned',
        targetId: r.id,
        before: { lang: before.lang, title: before.title, body: before.body },
        after: { lang: r.lang, title: r.title, body: r.body },
      });
      return r;
    });
    return (await this.cannedViews([row]))[0]!;
  }

  async cannedDelete(actor: AuditActor, id: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const before = await chatRepo.cannedById(tx, id);
      if (!before) throw new AppError('CHAT_CANNED_NOT_FOUND');
      await chatRepo.cannedDelete(tx, id);
      await this.deps.audit.write(tx, actor, {
        action: 'chat.canned.delete',
        targetType: 'chat_canned',
        targetId: id,
        before: { lang: before.lang, title: before.title, body: before.body },
      });
    });
  }

  // ----- offline users ----------------------------------------------------------------------------

  /**
   * One pass of the offline-reply job (engine role): for each conversation with operator replies
   * older than CHAT_NOTIFY_AFTER_SECONDS that the user has neither read nor been told of, one
   * `chat.reply` notification (the newest reply's first 80 characters) and the "told of" mark
   * moved past them, in one transaction. The mark moves only if it is still below (claimNotified):
   * two runners at once write one notification. Answers how many were written.
   */
  async runOnce(limit = 500): Promise<number> {
    const now = this.ctx.clock.now();
    const cutoff = new Date(now.getTime() - this.config.notifyAfterSeconds * 1000);
    const due = await chatRepo.unnotified(this.ctx.db, cutoff, limit);
    let written = 0;
    for (const d of due) {
      const wrote = await this.ctx.db.transaction(async (tx) => {
        if (!(await chatRepo.claimNotified(tx, d.id, d.through))) return false;
        const m = await chatRepo.messageById(tx, d.id, d.through);
        await notifyUser(tx, d.userId, CHAT_REPLY_NOTICE, now, {
          preview: previewOf(m?.body ?? '', m?.uploadId != null),
        });
        return true;
      });
      if (wrote) written += 1;
    }
    if (written) this.nudge();
    return written;
  }
}

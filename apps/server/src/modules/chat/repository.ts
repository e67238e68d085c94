import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ChatInboxFilter, ChatQueue } from '@app/contract';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { chatCannedReplies, chatConversations, chatMessages } from '../../db/schema-notices';
import { uploadNames } from '../files';
import { enabledOperators } from '../operators';
import { userRepo } from '../users';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type CannedRow = typeof chatCannedReplies.$inferSelect;
/** A message with its image's file name (null without one). */
export type MessageWithImage = MessageRow & { imageName: string | null };

/** Messages with their images' file names (the files module's). */
async function withImages<R extends MessageRow>(db: DbOrTx, rows: R[]): Promise<(R & { imageName: string | null })[]> {
  const names = await uploadNames(
    db,
    rows.flatMap((r) => (r.uploadId === null ? [] : [r.uploadId])),
  );
  return rows.map((r) => ({ ...r, imageName: r.uploadId === null ? null : (names.get(r.uploadId) ?? null) }));
}

/** Conversations with their users' UIDs and e-mails (the users module's), in order; one whose user is unknown is left out. */
async function withContacts(
  db: DbOrTx,
  rows: ConversationRow[],
): Promise<{ c: ConversationRow; uid: string; email: string | null }[]> {
  const contacts = await userRepo.contactsOf(db, [...new Set(rows.map((c) => c.userId))]);
  return rows.flatMap((c) => {
    const contact = contacts.get(c.userId);
    return contact ? [{ c, ...contact }] : [];
  });
}

/** An inbox row: the conversation, its user's UID and e-mail, the newest message and the unread count. */
export interface InboxRow {
  c: ConversationRow;
  uid: string;
  email: string | null;
  lastBody: string | null;
  lastHasImage: boolean;
  unread: number;
}

/** The inbox's filters as conditions on the conversation. */
function filterOf(filter: ChatInboxFilter, operatorId: number): SQL | undefined {
  switch (filter) {
    case 'unassigned':
      return and(eq(chatConversations.state, 'open'), isNull(chatConversations.assignedTo));
    case 'mine':
      return and(eq(chatConversations.state, 'open'), eq(chatConversations.assignedTo, operatorId));
    case 'open':
      return eq(chatConversations.state, 'open');
    case 'closed':
      return eq(chatConversations.state, 'closed');
    default:
      return undefined;
  }
}

export const chatRepo = {
  async conversationOfUser(db: DbOrTx, userId: number): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, userId)).limit(1);
    return row;
  },

  async conversationByPublicId(db: DbOrTx, publicId: string): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.publicId, publicId)).limit(1);
    return row;
  },

  /** The user's conversation, made now if they have none (one per user: the unique index decides a race). */
  async ensureConversation(
    tx: Tx,
    userId: number,
    queue: ChatQueue,
    origin: string,
    at: Date,
  ): Promise<ConversationRow> {
    await tx
      .insert(chatConversations)
      .values({ userId, queue, state: 'open', origin, lastMessageAt: at, createdAt: at })
      .onConflictDoNothing({ target: chatConversations.userId });
    const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.userId, userId)).for('update');
    return row!;
  },

  /** Inserts a message unless the conversation has one with this clientId; null then (the caller answers the first). */
  async insertMessage(tx: Tx, row: typeof chatMessages.$inferInsert): Promise<MessageRow | null> {
    const [inserted] = await tx
      .insert(chatMessages)
      .values(row)
      .onConflictDoNothing({ target: [chatMessages.conversationId, chatMessages.clientId] })
      .returning();
    return inserted ?? null;
  },

  async messageByClientId(db: DbOrTx, conversationId: number, clientId: string): Promise<MessageWithImage | undefined> {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId)))
      .limit(1);
    return (await withImages(db, rows))[0];
  },

  async messageById(db: DbOrTx, conversationId: number, id: number): Promise<MessageWithImage | undefined> {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, id)))
      .limit(1);
    return (await withImages(db, rows))[0];
  },

  /** Messages by id, with their conversation's user (the notice stream renders them). */
  async messagesByIds(db: DbOrTx, ids: readonly number[]): Promise<(MessageWithImage & { userId: number })[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ ...getTableColumns(chatMessages), userId: chatConversations.userId })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(inArray(chatMessages.id, [...ids]))
      .orderBy(asc(chatMessages.id));
    return withImages(db, rows);
  },

  async conversationsByIds(db: DbOrTx, ids: readonly number[]): Promise<ConversationRow[]> {
    if (!ids.length) return [];
    return db
      .select()
      .from(chatConversations)
      .where(inArray(chatConversations.id, [...ids]));
  },

  /**
   * A page of a conversation's messages in ascending id order: the newest `limit` (no cursor), the
   * `limit` before `before`, or the `limit` after `after`; `hasMore` says more lie in that direction.
   */
  async page(
    db: DbOrTx,
    conversationId: number,
    q: { before?: number | undefined; after?: number | undefined; limit: number },
  ): Promise<{ items: MessageWithImage[]; hasMore: boolean }> {
    const ascending = q.after !== undefined && q.before === undefined;
    const conds = [eq(chatMessages.conversationId, conversationId)];
    if (q.before !== undefined) conds.push(lt(chatMessages.id, q.before));
    if (q.after !== undefined) conds.push(gt(chatMessages.id, q.after));
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(...conds))
      .orderBy(ascending ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(q.limit + 1);
    const hasMore = rows.length > q.limit;
    const items = await withImages(db, rows.slice(0, q.limit));
    return { items: ascending ? items : items.reverse(), hasMore };
  },

  async lastMessageId(db: DbOrTx, conversationId: number, author?: 'user' | 'operator'): Promise<number> {
    const conds = [eq(chatMessages.conversationId, conversationId)];
    if (author) conds.push(eq(chatMessages.author, author));
    const [row] = await db
      .select({ id: sql<string | null>`max(${chatMessages.id})` })
      .from(chatMessages)
      .where(and(...conds));
    return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
  },

  /** Operator messages after the user's read mark. */
  async unreadForUser(db: DbOrTx, c: ConversationRow): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, c.id),
          eq(chatMessages.author, 'operator'),
          gt(chatMessages.id, c.userReadThrough),
        ),
      );
    return Number(row?.n ?? 0);
  },

  async update(db: DbOrTx, id: number, set: Partial<typeof chatConversations.$inferInsert>): Promise<ConversationRow> {
    const [row] = await db.update(chatConversations).set(set).where(eq(chatConversations.id, id)).returning();
    return row!;
  },

  // ----- the back office ------------------------------------------------------------------------

  async inbox(
    db: DbOrTx,
    q: {
      queue?: ChatQueue | undefined;
      filter: ChatInboxFilter;
      userId?: number | null | undefined;
      operatorId: number;
    },
    page: number,
    size: number,
    cap: number,
  ): Promise<{ rows: InboxRow[]; total: number; totalCapped: boolean }> {
    const conds: SQL[] = [];
    const f = filterOf(q.filter, q.operatorId);
    if (f) conds.push(f);
    if (q.queue) conds.push(eq(chatConversations.queue, q.queue));
    if (q.userId === null) return { rows: [], total: 0, totalCapped: false };
    if (q.userId !== undefined) conds.push(eq(chatConversations.userId, q.userId));
    const where = conds.length ? and(...conds) : undefined;
    const counted = await db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(where)
        .limit(cap + 1)
        .as('capped'),
    );
    const n = Number(counted[0]?.n ?? 0);
    const conversations = await db
      .select()
      .from(chatConversations)
      .where(where)
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(size)
      .offset((page - 1) * size);
    return {
      rows: await this.withLast(db, await withContacts(db, conversations)),
      total: Math.min(n, cap),
      totalCapped: n > cap,
    };
  },

  async inboxRow(db: DbOrTx, conversationId: number): Promise<InboxRow | undefined> {
    const conversations = await db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId))
      .limit(1);
    return (await this.withLast(db, await withContacts(db, conversations)))[0];
  },

  /** Adds each conversation's newest message and its count of user messages the operators have not read. */
  async withLast(db: DbOrTx, rows: { c: ConversationRow; uid: string; email: string | null }[]): Promise<InboxRow[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.c.id);
    // The newest message of each: one index probe per conversation (chat_messages_conversation).
    const last = rowsOf(
      await db.execute(sql`
      SELECT c.id AS conversation_id, l.body, l.upload_id FROM chat_conversations c
      CROSS JOIN LATERAL (SELECT body, upload_id FROM chat_messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1) l
      WHERE c.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
    );
    const unread = rowsOf(
      await db.execute(sql`
      SELECT m.conversation_id, count(*)::int AS n FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
      WHERE m.conversation_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND m.author = 'user' AND m.id > c.operator_read_through
      GROUP BY m.conversation_id`),
    );
    const lastOf = new Map(last.map((r) => [Number(r.conversation_id), r]));
    const unreadOf = new Map(unread.map((r) => [Number(r.conversation_id), Number(r.n)]));
    return rows.map((r) => {
      const l = lastOf.get(r.c.id);
      return {
        ...r,
        lastBody: l ? String(l.body) : null,
        lastHasImage: l ? l.upload_id !== null : false,
        unread: unreadOf.get(r.c.id) ?? 0,
      };
    });
  },

  /**
   * What the inbox's cheap poll compares: the newest message id, and a digest of every open
   * conversation's queue, assignee and operators' read mark, plus the count of closed ones.
   */
  async inboxState(
    db: DbOrTx,
    operatorId: number,
  ): Promise<{
    version: string;
    open: number;
    unassigned: number;
    mine: number;
    queues: { queue: ChatQueue; open: number }[];
  }> {
    const [row] = rowsOf(
      await db.execute(sql`
      SELECT (SELECT coalesce(max(id), 0) FROM chat_messages) AS last_message,
        (SELECT count(*)::int FROM chat_conversations WHERE state = 'closed') AS closed,
        count(*)::int AS open,
        count(*) FILTER (WHERE assigned_to IS NULL)::int AS unassigned,
        count(*) FILTER (WHERE assigned_to = ${operatorId})::int AS mine,
        coalesce(md5(string_agg(id || ':' || queue || ':' || coalesce(assigned_to, 0) || ':' || operator_read_through || ':' || user_read_through, ',' ORDER BY id)), '') AS digest
      FROM chat_conversations WHERE state = 'open'`),
    );
    const queues = rowsOf(
      await db.execute(
        sql`SELECT queue, count(*)::int AS n FROM chat_conversations WHERE state = 'open' GROUP BY queue ORDER BY queue`,
      ),
    );
    const r = row!;
    return {
      version: `${String(r.last_message)}.${String(r.closed)}.${String(r.digest).slice(0, 16)}`,
      open: Number(r.open),
      unassigned: Number(r.unassigned),
      mine: Number(r.mine),
      queues: queues.map((q) => ({ queue: String(q.queue) as ChatQueue, open: Number(q.n) })),
    };
  },

  /** Enabled operators who may take conversations (support and admin). */
  assignableOperators(db: DbOrTx, id?: number): Promise<{ id: number; email: string }[]> {
    return enabledOperators(db, ['support', 'admin'], id);
  },

  // ----- offline users: a notification for replies they have not read ----------------------------

  /** Conversations with operator replies older than `cutoff` that the user has neither read nor been told of. */
  async unnotified(
    db: DbOrTx,
    cutoff: Date,
    limit: number,
  ): Promise<{ id: number; userId: number; through: number }[]> {
    const rows = rowsOf(
      await db.execute(sql`
      SELECT c.id, c.user_id, max(m.id) AS through
      FROM chat_conversations c JOIN chat_messages m ON m.conversation_id = c.id
      WHERE m.author = 'operator' AND m.id > c.user_read_through AND m.id > c.user_notified_through AND m.created_at <= ${cutoff}
      GROUP BY c.id, c.user_id ORDER BY c.id LIMIT ${limit}`),
    );
    return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), through: Number(r.through) }));
  },

  /**
   * Moves the conversation's "told of" mark to `through` if it is still below it and the user has
   * not read that far: true for the one runner that moved it (it writes the notification).
   */
  async claimNotified(tx: Tx, id: number, through: number): Promise<boolean> {
    const rows = await tx
      .update(chatConversations)
      .set({ userNotifiedThrough: through })
      .where(
        and(
          eq(chatConversations.id, id),
          lt(chatConversations.userNotifiedThrough, through),
          lt(chatConversations.userReadThrough, through),
        ),
      )
      .returning({ id: chatConversations.id });
    return rows.length === 1;
  },

  // ----- canned replies -------------------------------------------------------------------------

  async cannedList(db: DbOrTx, lang?: string): Promise<CannedRow[]> {
    return db
      .select()
      .from(chatCannedReplies)
      .where(lang ? eq(chatCannedReplies.lang, lang) : undefined)
      .orderBy(asc(chatCannedReplies.lang), asc(chatCannedReplies.title), asc(chatCannedReplies.id));
  },

  async cannedById(db: DbOrTx, id: number): Promise<CannedRow | undefined> {
    const [row] = await db.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, id)).limit(1);
    return row;
  },

  async cannedInsert(db: DbOrTx, row: typeof chatCannedReplies.$inferInsert): Promise<CannedRow> {
    const [r] = await db.insert(chatCannedReplies).values(row).returning();
    return r!;
  },

  async cannedUpdate(db: DbOrTx, id: number, set: Partial<typeof chatCannedReplies.$inferInsert>): Promise<CannedRow> {
    const [r] = await db.update(chatCannedReplies).set(set).where(eq(chatCannedReplies.id, id)).returning();
    return r!;
  },

  async cannedDelete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id));
  },
};

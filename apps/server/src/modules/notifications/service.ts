import type { ServerResponse } from 'node:http';
import type {
  ChatConversation,
  ChatMessage,
  HeaderLang,
  Notice,
  NoticeListQuery,
  NoticePage,
  UnreadCount,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { frame, NoticeHub, StreamConn, streamFrame, type NoticeSignals } from './hub';
import { NoticeIds, renderAnnouncement, renderPersonal } from './render';
import {
  findAnnouncement,
  findPersonal,
  listNotices,
  markAllRead,
  markAnnouncementRead,
  markPersonalRead,
  streamHead,
  streamSince,
  unreadCounts,
  type ListedNotice,
  type StreamRow,
} from './repository';
import { Stamper } from './stamper';

/** What the chat module's public face gives the stream (ChatService.streamMessages / streamConversations). */
export interface ChatViews {
  streamMessages(ids: readonly number[]): Promise<{ userId: number; message: ChatMessage }[]>;
  /** `id`: the conversation's row id, as the stream row names it. */
  streamConversations(
    ids: readonly number[],
  ): Promise<{ id: number; userId: number; conversation: ChatConversation }[]>;
}

/** Rows a resumed stream's replay reads per statement. */
const REPLAY_PAGE = 500;

/** The notification centre: list, detail, counts, reads, and each user's event stream (docs/notifications.md). */
export class NotificationService {
  readonly stamper: Stamper;
  readonly hub: NoticeHub;
  private readonly ids: NoticeIds;
  private pendingCounts: { waiting: Map<number, ((n: number) => void)[]>; failed: ((e: unknown) => void)[] } | null =
    null;

  /** `signals`: the cluster bus, so a notice written on one process reaches the streams of every other at once. */
  constructor(
    private readonly ctx: AppContext,
    private readonly chat?: ChatViews,
    signals?: NoticeSignals,
  ) {
    this.ids = new NoticeIds(ctx.secret);
    this.stamper = new Stamper(() => ctx.db, ctx.clock);
    this.hub = new NoticeHub({
      db: () => ctx.db,
      clock: ctx.clock,
      stamper: this.stamper,
      ids: this.ids,
      pollMs: ctx.config.noticePollMs,
      log: ctx.log,
      attachViews: (rows) => this.attachViews(rows),
      ...(signals ? { signals } : {}),
    });
  }

  /** Chat rows travel as the chat module words them for their user (ChatMessage, ChatConversation of the contract). */
  private async attachViews(rows: StreamRow[]): Promise<void> {
    if (!this.chat) return;
    const ids = (type: StreamRow['type']) => rows.filter((r) => r.type === type && r.id !== null).map((r) => r.id!);
    const [messageIds, conversationIds] = [ids('chat'), ids('chat-read')];
    const [messages, conversations] = await Promise.all([
      messageIds.length ? this.chat.streamMessages(messageIds) : [],
      conversationIds.length ? this.chat.streamConversations(conversationIds) : [],
    ]);
    const byMessage = new Map(messages.map((m) => [m.message.id, m.message]));
    const byConversation = new Map(conversations.map((c) => [c.id, c.conversation]));
    for (const r of rows) {
      if (r.type === 'chat') r.view = byMessage.get(r.id!);
      else if (r.type === 'chat-read') r.view = byConversation.get(r.id!);
    }
  }

  /** After a local write of a notice row: streams on this process hear it now rather than at the next poll. */
  nudge(): void {
    this.hub.nudge();
  }

  /**
   * The count a stream starts with. Streams opening at the same moment share one statement (a
   * thousand tabs reconnecting after a restart ask once); a batch is read only after every stream
   * in it was attached, so a change after that reaches them as an event.
   */
  private streamCount(userId: number): Promise<number> {
    let batch = this.pendingCounts;
    if (!batch) {
      const waiting = new Map<number, ((n: number) => void)[]>();
      const failed: ((e: unknown) => void)[] = [];
      batch = this.pendingCounts = { waiting, failed };
      setImmediate(() => {
        this.pendingCounts = null;
        unreadCounts(this.ctx.db, [...waiting.keys()], this.ctx.clock.now()).then(
          (counts) => waiting.forEach((fns, id) => fns.forEach((fn) => fn(counts.get(id) ?? 0))),
          (err: unknown) => failed.forEach((fn) => fn(err)),
        );
      });
    }
    const { waiting, failed } = batch;
    return new Promise((resolve, reject) => {
      waiting.set(userId, [...(waiting.get(userId) ?? []), resolve]);
      failed.push(reject);
    });
  }

  async unread(userId: number): Promise<UnreadCount> {
    const counts = await unreadCounts(this.ctx.db, [userId], this.ctx.clock.now());
    return { unread: counts.get(userId) ?? 0 };
  }

  async list(userId: number, q: NoticeListQuery, lang: HeaderLang): Promise<NoticePage> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const [{ rows, total }, { unread }] = await Promise.all([
      listNotices(this.ctx.db, userId, this.ctx.clock.now(), page, size),
      this.unread(userId),
    ]);
    return { items: rows.map((r) => this.render(r, lang)), page, size, total, unread };
  }

  async detail(userId: number, id: string, lang: HeaderLang): Promise<Notice> {
    return this.render(await this.find(userId, id), lang);
  }

  /** Marks one notification or announcement read (again: no change); the user's other streams hear the new count. */
  async read(userId: number, id: string): Promise<UnreadCount> {
    const found = await this.find(userId, id);
    const now = this.ctx.clock.now();
    if (found.source === 'n') await markPersonalRead(this.ctx.db, userId, found.id, now);
    else await markAnnouncementRead(this.ctx.db, userId, found.id, now);
    this.nudge();
    return this.unread(userId);
  }

  /**
   * Mark all read (`reset-num-noti`, a GET in docs/product.md §7): idempotent. Announcements visible now are
   * stamped first, so "all" includes one published a moment ago.
   */
  async readAll(userId: number): Promise<UnreadCount> {
    await this.stamper.stamp();
    await markAllRead(this.ctx.db, userId, this.ctx.clock.now());
    this.nudge();
    return this.unread(userId);
  }

  /** Reads a `lastEventId` (header or query): a whole number, or NOTICE_CURSOR_INVALID. */
  cursorOf(value: string | undefined): number | null {
    if (value === undefined || value === '') return null;
    if (!/^[0-9]{1,18}$/.test(value)) throw new AppError('NOTICE_CURSOR_INVALID');
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new AppError('NOTICE_CURSOR_INVALID');
    return n;
  }

  /**
   * Serves a stream on `res` (headers written by the caller) until it closes: the unread count
   * first, then — when resumed — every event of the user after `cursor`, then live events. The
   * stream is registered with the hub before the replay is read, and frames at or below what was
   * sent are dropped: no gap, no duplicate.
   */
  async openStream(userId: number, lang: HeaderLang, cursor: number | null, res: ServerResponse): Promise<void> {
    const conn = new StreamConn(userId, lang, res, cursor ?? 0);
    res.on('close', () => this.hub.detach(conn));
    try {
      const head = await this.hub.attach(conn);
      // A new stream starts after everything committed before it opened (stamped now, so a notice
      // written a moment ago counts as history, not as news), not only after what the hub has read;
      // its first event carries that place, so a client that hears nothing else still resumes from it.
      if (cursor === null) conn.lastSent = Math.max(conn.lastSent, head, await this.stampedHead());
      const count = frame(
        'unread',
        { unread: await this.streamCount(userId) },
        cursor === null ? conn.lastSent : undefined,
      );
      conn.write(0, count);
      if (cursor !== null) await this.replay(conn, cursor);
      conn.ready();
    } catch (err) {
      this.ctx.log.error({ err }, 'notice stream failed to open');
      this.hub.detach(conn);
    }
  }

  private async stampedHead(): Promise<number> {
    await this.stamper.stamp();
    return streamHead(this.ctx.db);
  }

  private async replay(conn: StreamConn, cursor: number): Promise<void> {
    const counts = new Map<number, number>();
    let after = cursor;
    for (;;) {
      const rows = await streamSince(this.ctx.db, after, REPLAY_PAGE, conn.userId);
      if (!rows.length || conn.closed) return;
      if (rows.some((r) => r.type === 'unread') && !counts.size) {
        counts.set(conn.userId, (await this.unread(conn.userId)).unread);
      }
      await this.attachViews(rows);
      for (const row of rows) conn.write(row.seq, streamFrame(row, conn.lang, this.ids, counts));
      after = rows[rows.length - 1]!.seq;
      if (rows.length < REPLAY_PAGE) return;
    }
  }

  private async find(userId: number, id: string): Promise<ListedNotice> {
    const now = this.ctx.clock.now();
    let found: ListedNotice | null = null;
    if (id.startsWith('n')) {
      const rowId = this.ids.personalId(id);
      found = rowId === null ? null : await findPersonal(this.ctx.db, userId, rowId);
    } else if (id.startsWith('a')) {
      found = await findAnnouncement(this.ctx.db, userId, id.slice(1), now);
    } else {
      throw new AppError('NOTICE_ID_INVALID');
    }
    if (!found) throw new AppError('NOTICE_NOT_FOUND');
    return found;
  }

  private render(r: ListedNotice, lang: HeaderLang): Notice {
    return r.source === 'n'
      ? renderPersonal({ id: this.ids.personal(r.id), kind: r.key, params: r.json, at: r.at, read: r.read }, lang)
      : renderAnnouncement({ publicId: r.key, translations: r.json, link: r.link, at: r.at, read: r.read }, lang);
  }
}

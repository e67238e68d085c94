import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { HeaderLang, NoticeStreamEvent } from '@app/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { PollLoop } from '../../lib/worker';
import { chatImagePath, streamHead, streamSince, unreadCounts, type StreamRow } from './repository';
import { renderAnnouncement, renderPersonal, type NoticeIds } from './render';
import type { Stamper } from './stamper';

/** Rows read per pass; a full batch makes the next pass come at once. */
export const HUB_BATCH = 1000;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** A stream whose socket has this much unsent is too slow: it is closed and resumes with Last-Event-ID. */
export const STREAM_BUFFER_MAX_BYTES = 1024 * 1024;
/** Streams per user on one process: the oldest is closed beyond this (an abandoned tab's stream may linger). */
export const STREAMS_PER_USER_MAX = 100;
/** Users whose unread counts one statement reads. */
const COUNT_CHUNK = 2000;

/** One SSE frame: `id:` (when it has a place in the stream), `event:`, `data:`. */
export function frame(event: NoticeStreamEvent, data: unknown, seq?: number): string {
  return `${seq ? `id: ${seq}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One connected stream. Until its replay is written (`ready`), live frames wait in a buffer;
 * every frame with a place in the stream at or below what it has sent is dropped, so the hub and
 * the replay may overlap without a duplicate.
 */
export class StreamConn {
  private buffer: { seq: number; text: string }[] | null = [];
  lastSent: number;
  closed = false;

  constructor(
    readonly userId: number,
    readonly lang: HeaderLang,
    private readonly res: ServerResponse,
    cursor: number,
  ) {
    this.lastSent = cursor;
  }

  /** Writes (or, during the replay, keeps) a frame; `seq` 0 for a frame without a place (a derived count). */
  deliver(seq: number, text: string): void {
    if (this.closed) return;
    if (this.buffer) {
      this.buffer.push({ seq, text });
      return;
    }
    this.write(seq, text);
  }

  write(seq: number, text: string): void {
    if (this.closed) return;
    if (seq) {
      if (seq <= this.lastSent) return;
      this.lastSent = seq;
    }
    this.res.write(text);
    if (this.res.writableLength > STREAM_BUFFER_MAX_BYTES) this.close();
  }

  /** The replay is written: the frames that came meanwhile follow, in order, without the ones it already sent. */
  ready(): void {
    const waiting = this.buffer ?? [];
    this.buffer = null;
    for (const f of waiting) this.write(f.seq, f.text);
  }

  comment(text: string): void {
    if (!this.closed) this.res.write(`: ${text}\n\n`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }
}

export interface HubOptions {
  /** Read at each pass: the app is built before main.ts opens the database. */
  db: () => Db;
  clock: Clock;
  stamper: Stamper;
  ids: NoticeIds;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Attaches the chat module's views to chat rows (StreamRow.view) before they are sent. */
  attachViews: (rows: StreamRow[]) => Promise<void>;
  /** The cluster bus: a nudge here is a pass on every process (the signal 'notice'). */
  signals?: NoticeSignals;
}

/** What the hub needs of the cluster bus (ClusterBus's signals). */
export interface NoticeSignals {
  readonly kind: 'local' | 'nats';
  publishSignal(name: string): void;
  onSignal(name: string, handler: () => void): () => void;
}

/**
 * The process's notice hub (docs/notifications.md "The hub"): every `pollMs`, and at once after
 * `nudge()`, it stamps what is waiting and reads the stream after the last number it saw, then
 * writes each row to the streams of its user (an announcement to every stream). Each event is
 * rendered once per language, not once per stream. Idle (no query) while no stream is connected.
 */
export class NoticeHub {
  private readonly byUser = new Map<number, Set<StreamConn>>();
  private count = 0;
  /** The highest number read; null until a stream connects (then the head at that moment). */
  private last: number | null = null;
  private readonly loop = new PollLoop();
  private heartbeat: NodeJS.Timeout | null = null;
  private inflight: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;
  private unsignal: (() => void) | null = null;

  constructor(private readonly o: HubOptions) {}

  get streams(): number {
    return this.count;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop.start(async () => {
      await this.pass();
      return this.o.pollMs;
    });
    this.heartbeat = setInterval(() => this.each((c) => c.comment('heartbeat')), HEARTBEAT_MS);
    this.heartbeat.unref();
    // Another process wrote a notice: read the stream now rather than at the next poll.
    this.unsignal =
      this.o.signals?.onSignal('notice', () => {
        if (!this.stopped && this.last !== null) void this.pass();
      }) ?? null;
  }

  /** Stops polling and closes every stream (clients reconnect elsewhere with Last-Event-ID). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsignal?.();
    this.unsignal = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.each((c) => c.close());
    this.byUser.clear();
    this.count = 0;
    await this.loop.stop();
    await this.inflight;
  }

  /** A pass now (after a local write): its rows reach the streams without waiting for the poll. */
  nudge(): void {
    if (!this.stopped) void this.pass();
    // Every other process too (in one process there is no other: the local bus is not asked).
    if (this.o.signals && this.o.signals.kind !== 'local') this.o.signals.publishSignal('notice');
  }

  /**
   * Registers a stream, before its replay is read, and answers the number the hub has read up to:
   * everything above it will reach the stream through the hub.
   */
  async attach(conn: StreamConn): Promise<number> {
    let set = this.byUser.get(conn.userId);
    if (!set) this.byUser.set(conn.userId, (set = new Set()));
    if (set.size >= STREAMS_PER_USER_MAX) {
      const oldest = set.values().next().value;
      if (oldest) this.detach(oldest);
    }
    set.add(conn);
    this.count++;
    // The head is read by a pass; a failed pass (logged) is tried again a few times.
    for (let i = 0; i < 5 && this.last === null && !this.stopped && !conn.closed; i++) await this.pass();
    if (this.last === null) throw new Error('the notice stream is not available');
    return this.last ?? 0;
  }

  detach(conn: StreamConn): void {
    const set = this.byUser.get(conn.userId);
    if (set?.delete(conn)) this.count--;
    if (set && !set.size) this.byUser.delete(conn.userId);
    conn.close();
  }

  /** One pass at a time; a pass asked for during one runs right after it (the caller waits for both). */
  pass(): Promise<void> {
    if (this.inflight) {
      this.rerun = true;
      return this.inflight;
    }
    this.inflight = (async () => {
      do {
        this.rerun = false;
        try {
          await this.once();
        } catch (err) {
          this.o.log.error({ err }, 'notice hub pass failed');
        }
      } while (this.rerun && !this.stopped);
    })().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async once(): Promise<void> {
    if (this.stopped) return;
    if (!this.count) {
      this.last = null;
      return;
    }
    const stamped = await this.o.stamper.stamp();
    if (this.last === null) {
      this.last = await streamHead(this.o.db());
      return;
    }
    const rows = await streamSince(this.o.db(), this.last, HUB_BATCH);
    if (rows.length === HUB_BATCH || stamped > 0) this.rerun = true;
    if (!rows.length) return;
    this.last = rows[rows.length - 1]!.seq;
    await this.o.attachViews(rows);
    await this.dispatch(rows);
  }

  private async dispatch(rows: StreamRow[]): Promise<void> {
    const now = this.o.clock.now();
    // Counts told in order, at their row's place: those of users whose notice state changed.
    const stateUsers = [
      ...new Set(
        rows.filter((r) => r.type === 'unread' && r.userId !== null && this.byUser.has(r.userId)).map((r) => r.userId!),
      ),
    ];
    const counts = await unreadCounts(this.o.db(), stateUsers, now);
    const after = new Set<number>();
    let announced = false;
    for (const row of rows) {
      const cache = new Map<HeaderLang, string>();
      const text = (lang: HeaderLang) => {
        let t = cache.get(lang);
        if (t === undefined) cache.set(lang, (t = streamFrame(row, lang, this.o.ids, counts)));
        return t;
      };
      if (row.type === 'announcement') {
        announced = true;
        this.each((c) => c.deliver(row.seq, text(c.lang)));
        continue;
      }
      const set = row.userId === null ? undefined : this.byUser.get(row.userId);
      if (!set) continue;
      for (const c of set) c.deliver(row.seq, text(c.lang));
      if (row.type === 'notice') after.add(row.userId!);
      if (row.type === 'unread') after.delete(row.userId!);
    }
    // A new notice or announcement changes counts: the users concerned hear theirs (no place in the stream).
    const users = announced ? [...this.byUser.keys()] : [...after];
    for (let i = 0; i < users.length; i += COUNT_CHUNK) {
      const part = await unreadCounts(this.o.db(), users.slice(i, i + COUNT_CHUNK), now);
      for (const [userId, unread] of part) {
        const text = frame('unread', { unread });
        for (const c of this.byUser.get(userId) ?? []) c.deliver(0, text);
      }
    }
  }

  private each(fn: (c: StreamConn) => void): void {
    for (const set of this.byUser.values()) for (const c of set) fn(c);
  }
}

/** A row as its event, in one language. `counts` holds the current unread count of users whose state row this may be. */
export function streamFrame(row: StreamRow, lang: HeaderLang, ids: NoticeIds, counts: Map<number, number>): string {
  switch (row.type) {
    case 'notice':
      return frame(
        'notice',
        renderPersonal(
          { id: ids.personal(row.id!), kind: row.key ?? '', params: row.json, at: row.at!, read: row.readAt !== null },
          lang,
        ),
        row.seq,
      );
    case 'announcement':
      return frame(
        'announcement',
        renderAnnouncement(
          { publicId: row.key ?? '', translations: row.json, link: row.text, at: row.at!, read: false },
          lang,
        ),
        row.seq,
      );
    case 'unread':
      return frame('unread', { unread: counts.get(row.userId!) ?? 0 }, row.seq);
    case 'chat':
      return frame(
        'chat',
        row.view ?? {
          id: row.id,
          author: row.key,
          body: row.text ?? '',
          image: chatImagePath(row.text2),
          createdAt: row.at!.getTime(),
        },
        row.seq,
      );
    case 'chat-read':
      return frame('chat-read', row.view ?? { operatorReadThrough: row.num ?? 0 }, row.seq);
  }
}

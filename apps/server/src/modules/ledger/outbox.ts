/**
 * The transactional outbox of per-user order events (user_event_outbox, docs/operations.md "Scaling out"): a money
 * command writes its events in its own transaction; after the commit they are published to the
 * bus with the row id as the message id and marked published (one UPDATE per batch, shortly
 * after). `OutboxRelay` (engine-role work) publishes the rows a process left unpublished when it
 * died between its commit and its publish (the bus drops a second publish of a row by its id),
 * and deletes published rows after a day (`purge`).
 */
import { sql } from 'drizzle-orm';
import type { OrderEvent } from '@app/contract';
import type { AppContext } from '../../context';
import { rowsOf, type DbOrTx } from '../../db/client';

/** Where outbox rows are published: the cluster bus's publishUserEvent (every process's websocket hubs). */
export interface UserEventSink {
  publishUserEvent(e: { outboxId: number; userId: number; event: unknown }): Promise<void>;
}

export interface OutboxRow {
  id: number;
  userId: number;
  event: OrderEvent;
}

/** Writes a command's events (one multi-row INSERT) in its transaction; the rows, ids in the events' order. */
export async function writeOutbox(tx: DbOrTx, now: Date, events: [number, OrderEvent][]): Promise<OutboxRow[]> {
  if (events.length === 0) return [];
  const rows = rowsOf(
    await tx.execute(sql`
    INSERT INTO user_event_outbox (user_id, event, created_at)
    SELECT (x.e->>0)::bigint, x.e->1, ${now.toISOString()}::timestamptz
      FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY x.n
    RETURNING id`),
  );
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  return events.map(([userId, event], i) => ({ id: ids[i]!, userId, event }));
}

/** Publishes committed outbox rows and marks them published, in batches. */
export class OutboxPublisher {
  private marks: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly sink: UserEventSink,
    private readonly markEveryMs = 50,
  ) {}

  /**
   * Publishes rows after their commit: the publishes start now, in order (the in-process bus
   * delivers before this returns); each row is marked once the bus acknowledged it.
   */
  publish(rows: OutboxRow[]): void {
    for (const r of rows) {
      this.sink.publishUserEvent({ outboxId: r.id, userId: r.userId, event: r.event }).then(
        () => this.mark(r.id),
        (err: unknown) =>
          this.ctx.log.warn({ err, outboxId: r.id }, 'user event publish failed; the outbox relay retries it'),
      );
    }
  }

  private mark(id: number): void {
    this.marks.push(id);
    this.timer ??= setTimeout(() => void this.flush(), this.markEveryMs);
  }

  /** Writes the pending marks now (also at shutdown). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.marks;
    this.marks = [];
    if (ids.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => markPublished(this.ctx.db, ids, this.ctx.clock.now()))
      .catch((err: unknown) => {
        // Unmarked rows are published again by the relay, and the bus drops the second publish.
        this.ctx.log.warn({ err }, 'marking user events published failed');
      });
    return this.flushing;
  }
}

async function markPublished(db: DbOrTx, ids: number[], now: Date): Promise<void> {
  await db.execute(sql`UPDATE user_event_outbox SET published_at = ${now.toISOString()}::timestamptz
    WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND published_at IS NULL`);
}

export interface OutboxRelayOptions {
  /** Rows unpublished for longer than this are the relay's (default 2 s): their process died after commit. */
  graceMs?: number;
  /** Published rows are deleted after this (default a day). */
  keepMs?: number;
  batch?: number;
}

/**
 * Publishes orphaned outbox rows (engine-role work, every second; `purge` hourly). Two relays at
 * once never both take a row (FOR UPDATE SKIP LOCKED, published and marked in one transaction);
 * a row published by its own process meanwhile is dropped by the bus as a duplicate.
 */
export class OutboxRelay {
  constructor(
    private readonly ctx: AppContext,
    private readonly sink: UserEventSink,
    private readonly opts: OutboxRelayOptions = {},
  ) {}

  /** One pass: the number of rows published. */
  async runOnce(): Promise<number> {
    const now = this.ctx.clock.now();
    const before = new Date(now.getTime() - (this.opts.graceMs ?? 2000)).toISOString();
    const published = await this.ctx.db.transaction(async (tx) => {
      const rows = rowsOf(
        await tx.execute(sql`
        SELECT id, user_id, event FROM user_event_outbox
         WHERE published_at IS NULL AND created_at < ${before}::timestamptz
         ORDER BY id LIMIT ${this.opts.batch ?? 500} FOR UPDATE SKIP LOCKED`),
      );
      if (rows.length === 0) return 0;
      // In order: a user's events reach the bus in the order they were written.
      for (const r of rows)
        await this.sink.publishUserEvent({ outboxId: Number(r.id), userId: Number(r.user_id), event: r.event });
      await markPublished(
        tx,
        rows.map((r) => Number(r.id)),
        now,
      );
      return rows.length;
    });
    if (published > 0)
      this.ctx.log.warn({ published }, 'outbox relay published user events a process left unpublished');
    return published;
  }

  /** Deletes published rows older than `keepMs` (hourly housekeeping: it reads the whole table). */
  async purge(): Promise<void> {
    const keepUntil = new Date(this.ctx.clock.now().getTime() - (this.opts.keepMs ?? 24 * 3600_000)).toISOString();
    await this.ctx.db.execute(sql`DELETE FROM user_event_outbox WHERE published_at < ${keepUntil}::timestamptz`);
  }
}

/**
 * Storage of what the live feed produces, through the write queue: finished 1m candles (with the
 * engine's current minute, for crash recovery) when the minute turns, and raw ticks of real
 * feeds in one bulk statement a second. During the first start's backfill, the minutes of an
 * instrument whose history is not stored yet are held back and released after that history, so
 * the stored minutes of an instrument always form one unbroken chain from its first one.
 */
import type { CandleRow, TickRow } from './repository';
import { marketRepo } from './repository';
import { MINUTE_MS, type EngineState } from './engine-state';
import { BACKFILL_WRITE, type WriteQueue } from './write-queue';

/** Bound on queued writes: past it, raw-tick batches are dropped (and logged) rather than growing memory. */
const MAX_QUEUED_WRITES = 2000;
/** Bound on raw ticks waiting for the next one-second write. */
const MAX_PENDING_TICKS = 100_000;

export class LiveStorage {
  private pendingTicks: TickRow[] = [];
  private droppedTicks = 0;
  private pendingMinutes: CandleRow[] = [];
  /** Finished minutes of instruments whose history is not stored yet, per symbol, oldest first. */
  private readonly heldBack = new Map<string, CandleRow[]>();
  /** The engine's current minute, stored with each batch of simulator minutes. */
  liveMinute = 0;

  constructor(
    private readonly state: EngineState,
    private readonly queue: WriteQueue,
  ) {}

  /** A raw tick of a real feed; false when the buffer is full (the tick is not stored). */
  bufferTick(row: TickRow): boolean {
    if (this.pendingTicks.length >= MAX_PENDING_TICKS) {
      this.droppedTicks++;
      return false;
    }
    this.pendingTicks.push(row);
    return true;
  }

  bufferMinute(row: CandleRow): void {
    this.pendingMinutes.push(row);
  }

  /** Holds back the minutes of `symbols` until `release` (their history is being generated). */
  holdBack(symbols: readonly string[]): void {
    for (const s of symbols) if (!this.heldBack.has(s)) this.heldBack.set(s, []);
  }

  /** Minutes of `symbol` held back and not written yet, oldest first (undefined: none held back). */
  heldBackMinutes(symbol: string): readonly CandleRow[] | undefined {
    return this.heldBack.get(symbol);
  }

  /** Queues the held-back minutes of `symbol` (call right after its history is queued). */
  release(symbol: string): void {
    const rows = this.heldBack.get(symbol);
    if (!rows) return;
    this.heldBack.delete(symbol);
    // Tagged as backfill: after a stop they are dropped with the history they extend, and the
    // next start generates both again (the series is deterministic).
    if (rows.length) this.queue.enqueue(BACKFILL_WRITE, (db) => marketRepo.closeMinutes(db, rows));
  }

  /** Finished minutes go to the database together with the engine's current minute (crash recovery). */
  flushMinutes(): void {
    if (this.pendingMinutes.length === 0) return;
    const rows: CandleRow[] = [];
    for (const r of this.pendingMinutes) {
      const held = this.heldBack.get(r.symbol);
      if (held) held.push(r);
      else rows.push(r);
    }
    this.pendingMinutes = [];
    if (rows.length === 0) return;
    const live = this.liveMinute;
    const hasSim = rows.some((r) => r.source === 'simulator');
    this.queue.enqueue('close minutes', async (db) => {
      await db.transaction(async (tx) => {
        await marketRepo.closeMinutes(tx, rows);
        if (hasSim) await marketRepo.updateSimState(tx, { liveMinute: new Date(live * MINUTE_MS) });
      });
    });
  }

  flushTicks(): void {
    if (this.droppedTicks) {
      this.state.ctx.log.error(
        { dropped: this.droppedTicks },
        'market: tick buffer full (database unavailable?), ticks not stored',
      );
      this.droppedTicks = 0;
    }
    if (this.pendingTicks.length === 0) return;
    const ticks = this.pendingTicks;
    this.pendingTicks = [];
    if (this.queue.queued > MAX_QUEUED_WRITES) {
      this.state.ctx.log.error({ dropped: ticks.length }, 'market: database too slow, dropped a batch of ticks');
      return;
    }
    this.queue.enqueue('store ticks', (db) => marketRepo.insertTicks(db, ticks));
  }

  /** Writes what is buffered and resolves when the queue is idle. */
  async flush(): Promise<void> {
    this.flushTicks();
    this.flushMinutes();
    await this.queue.idle();
  }
}

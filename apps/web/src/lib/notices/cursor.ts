/**
 * The place in the user's notice stream a tab has reached. Every event of the stream carries its
 * place in one increasing sequence as its SSE id (docs/notifications.md), so an event at or below
 * the cursor is one this tab already has: it came twice (a reconnection that resumed from an older
 * id, a stream handed from one tab to another, the same event over the broadcast channel and a
 * stream of this tab's own). `accept` lets each event through once, in order.
 */

/** A stream id as a number, or null when it is not a sequence number. */
export function parseSeq(id: string | null | undefined): number | null {
  if (typeof id !== 'string' || !/^\d{1,16}$/.test(id)) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : null;
}

export class NoticeCursor {
  private last: number | null;

  constructor(start: string | null = null) {
    this.last = parseSeq(start);
  }

  /** The last id accepted, as the stream sends it back (Last-Event-ID), or null before any. */
  get id(): string | null {
    return this.last === null ? null : String(this.last);
  }

  /**
   * True the first time an event with this id arrives and it is beyond the cursor (which moves to
   * it); false for a duplicate or an older event. An event without a sequence id (none, or not a
   * number) carries no place in the stream: it is let through and the cursor stays.
   */
  accept(id: string | null | undefined): boolean {
    const seq = parseSeq(id);
    if (seq === null) return true;
    if (this.last !== null && seq <= this.last) return false;
    this.last = seq;
    return true;
  }

  /** Moves the cursor forward to `id` without an event (another tab got that far); never back. */
  advance(id: string | null | undefined): void {
    const seq = parseSeq(id);
    if (seq !== null && (this.last === null || seq > this.last)) this.last = seq;
  }
}

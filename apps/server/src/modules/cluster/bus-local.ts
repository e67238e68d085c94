/**
 * The in-process bus (one process, the embedded default when BUS_URL is unset): synchronous
 * delivery to this process's handlers, `seq` a counter, and the newest user events kept in a
 * bounded ring for `userEventsSince` (a reconnecting websocket's resume).
 */
import type { BusStatus, ClusterBus, UserEventDelivery } from './types';

/** How many user events (all users together) a process keeps for resumes. */
export const LOCAL_BUS_RING = 10_000;

export class LocalBus implements ClusterBus {
  readonly kind = 'local' as const;
  private readonly feedHandlers = new Set<(msg: unknown) => void>();
  private readonly userHandlers = new Set<(e: UserEventDelivery) => void>();
  private readonly signalHandlers = new Map<string, Set<() => void>>();
  private seq = 0;
  /** The newest `ringSize` deliveries, oldest overwritten first. */
  private readonly ring: (UserEventDelivery | undefined)[];
  /** Outbox ids already published (bounded like the ring): a second publish of a row is dropped. */
  private readonly published = new Set<number>();
  private readonly publishedOrder: number[] = [];

  constructor(
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly ringSize = LOCAL_BUS_RING,
  ) {
    this.ring = new Array<UserEventDelivery | undefined>(ringSize);
  }

  publishFeed(msg: unknown): void {
    this.each(this.feedHandlers, (h) => h(msg));
  }

  onFeed(handler: (msg: unknown) => void): () => void {
    this.feedHandlers.add(handler);
    return () => this.feedHandlers.delete(handler);
  }

  publishUserEvent(e: { outboxId: number; userId: number; event: unknown }): Promise<void> {
    if (this.published.has(e.outboxId)) return Promise.resolve();
    this.published.add(e.outboxId);
    this.publishedOrder.push(e.outboxId);
    if (this.publishedOrder.length > this.ringSize) this.published.delete(this.publishedOrder.shift()!);
    const d: UserEventDelivery = { seq: ++this.seq, userId: e.userId, event: e.event };
    this.ring[d.seq % this.ringSize] = d;
    this.each(this.userHandlers, (h) => h(d));
    return Promise.resolve();
  }

  onUserEvent(handler: (e: UserEventDelivery) => void): () => void {
    this.userHandlers.add(handler);
    return () => this.userHandlers.delete(handler);
  }

  userEventsSince(userId: number, afterSeq: number): Promise<UserEventDelivery[] | null> {
    const oldest = Math.max(1, this.seq - this.ringSize + 1);
    // Dropped from the ring, or an id this process never gave (it restarted): the client reloads.
    if (afterSeq + 1 < oldest || afterSeq > this.seq) return Promise.resolve(null);
    const out: UserEventDelivery[] = [];
    for (let s = Math.max(afterSeq + 1, oldest); s <= this.seq; s++) {
      const d = this.ring[s % this.ringSize];
      if (d && d.seq === s && d.userId === userId) out.push(d);
    }
    return Promise.resolve(out);
  }

  publishSignal(name: string): void {
    const set = this.signalHandlers.get(name);
    if (set) this.each(set, (h) => h());
  }

  onSignal(name: string, handler: () => void): () => void {
    let set = this.signalHandlers.get(name);
    if (!set) this.signalHandlers.set(name, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  status(): BusStatus {
    return { kind: 'local', connected: true };
  }

  close(): Promise<void> {
    this.feedHandlers.clear();
    this.userHandlers.clear();
    this.signalHandlers.clear();
    return Promise.resolve();
  }

  /** A failing handler does not stop the others. */
  private each<H>(handlers: Set<H>, call: (h: H) => void): void {
    for (const h of handlers) {
      try {
        call(h);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}

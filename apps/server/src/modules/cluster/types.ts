/**
 * The faces of running as several processes (docs/operations.md "Scaling out"):
 * the bus between processes and the engine role. Implementations: bus-local.ts (one process, the
 * embedded default), bus-nats.ts (NATS JetStream, BUS_URL), election.ts (PostgreSQL advisory lock
 * with a fencing epoch).
 */

/** A per-user order event as a process's websocket hub receives it: `seq` is its id in the user's feed. */
export interface UserEventDelivery {
  /** Strictly increasing in delivery order (JetStream's stream sequence; a counter in one process). */
  seq: number;
  userId: number;
  event: unknown;
}

export interface BusStatus {
  kind: 'local' | 'nats';
  connected: boolean;
}

/**
 * What crosses between processes. Everything published reaches every process's subscribers,
 * the publisher's own included.
 */
export interface ClusterBus {
  readonly kind: 'local' | 'nats';
  /** The market engine's inputs (what its price sources reported), from the engine to the followers. */
  publishFeed(msg: unknown): void;
  onFeed(handler: (msg: unknown) => void): () => void;
  /**
   * A per-user order event written to the outbox (user_event_outbox) in the transaction that caused
   * it; `outboxId` de-duplicates a second publish of the same row. Resolves once the bus holds it.
   */
  publishUserEvent(e: { outboxId: number; userId: number; event: unknown }): Promise<void>;
  /** Every user event, once each, in one order for every process. */
  onUserEvent(handler: (e: UserEventDelivery) => void): () => void;
  /**
   * A user's events after `afterSeq`, oldest first (a reconnecting client's resume); null when the
   * bus no longer holds that far back (the client reloads its orders instead).
   */
  userEventsSince(userId: number, afterSeq: number): Promise<UserEventDelivery[] | null>;
  /** A wake-up without content (a notice was written: every process's notice hub polls now). */
  publishSignal(name: string): void;
  onSignal(name: string, handler: () => void): () => void;
  status(): BusStatus;
  close(): Promise<void>;
}

/** Background work of the engine role: started when this process becomes the engine, stopped when it stops being it. */
export interface RoleWork {
  start(): void | Promise<void>;
  stop(): Promise<unknown>;
}

export interface EngineRoleStatus {
  role: 'engine' | 'standby';
  /** The epoch this process holds the role under; null without an election (one process) or as a standby. */
  epoch: number | null;
  node: string;
}

export interface EngineRole {
  status(): EngineRoleStatus;
  /** Registers work of the engine role: started (once the app is ready) while this process is the engine. */
  watch(work: RoleWork): void;
}

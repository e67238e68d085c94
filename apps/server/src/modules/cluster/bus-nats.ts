/**
 * The bus between processes on NATS JetStream (BUS_URL; docs/operations.md "Scaling out").
 *
 * - User events (the websocket's openOrders feed): stream `<P>_USER`, subjects `<prefix>.user.<userId>`,
 *   file storage, kept 24 h, duplicate window 2 min. Published with the outbox row's id as the
 *   message id (`ue-<id>`), so a second publish of a row (the relay after a crash) is dropped by
 *   the server. Every process reads the whole stream with an ordered consumer started at the end
 *   of the stream when it connected: every process sees every event once, in the stream's order,
 *   with the stream sequence as its id. A reconnect resumes the ordered consumer at the next
 *   sequence. `userEventsSince` reads one user's subject from a sequence with direct gets
 *   (`next_by_subj`), bounded, up to the stream's last sequence at the time of the call.
 * - Feed (the market engine's inputs, hundreds a second): stream `<P>_FEED`, memory, kept 60 s;
 *   published without waiting for acknowledgements (one connection keeps their order), read
 *   per process by an ordered consumer from the end.
 * - Signals: core NATS subjects `<prefix>.signal.<name>`, nothing stored.
 */
import {
  connect,
  DeliverPolicy,
  Events,
  nanos,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import type { BusStatus, ClusterBus, UserEventDelivery } from './types';

export interface NatsBusOptions {
  url: string;
  /** Stream and subject prefix (BUS_PREFIX): two clusters, or tests, on one server do not meet. */
  prefix: string;
  /** A name for this connection in the server's monitoring. */
  name?: string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How long user events are kept for resumes (default 24 h). */
  userMaxAgeMs?: number;
  /** How many events `userEventsSince` returns at most before answering null (the client reloads). */
  maxResume?: number;
}

/** The manager's direct-get API (allow_direct streams): present in nats 2.29 though not in its published types. */
type DirectGet = {
  direct: {
    getMessage(stream: string, q: { seq: number; next_by_subj: string }): Promise<{ seq: number; data: Uint8Array }>;
  };
};

const enc = (v: unknown): Uint8Array => Buffer.from(JSON.stringify(v));
const dec = (b: Uint8Array): unknown => JSON.parse(Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8'));

export class NatsBus implements ClusterBus {
  readonly kind = 'nats' as const;
  private readonly feedHandlers = new Set<(msg: unknown) => void>();
  private readonly userHandlers = new Set<(e: UserEventDelivery) => void>();
  private readonly signalHandlers = new Map<string, Set<() => void>>();
  private readonly consumers: ConsumerMessages[] = [];
  private connected = true;
  private closed = false;
  readonly userStream: string;
  readonly feedStream: string;

  private constructor(
    readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly opts: NatsBusOptions,
  ) {
    const p = opts.prefix.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
    this.userStream = `${p}_USER`;
    this.feedStream = `${p}_FEED`;
  }

  /** Connects (retrying forever after the first success), makes the streams, and starts reading them. */
  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const nc = await connect({
      servers: opts.url,
      name: opts.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      pingInterval: 10_000,
    });
    const jsm = await nc.jetstreamManager();
    const bus = new NatsBus(nc, nc.jetstream(), jsm, opts);
    try {
      await bus.start();
    } catch (err) {
      await nc.close();
      throw err;
    }
    return bus;
  }

  private get userSubjects(): string {
    return `${this.opts.prefix}.user.*`;
  }

  private async ensureStream(cfg: {
    name: string;
    subjects: string[];
    storage: StorageType;
    max_age: number;
    duplicate_window: number;
    allow_direct?: boolean;
  }): Promise<number> {
    try {
      const info = await this.jsm.streams.info(cfg.name);
      await this.jsm.streams.update(cfg.name, { ...info.config, ...cfg });
    } catch (err) {
      if (!/not found/i.test((err as Error).message)) throw err;
      await this.jsm.streams.add({ ...cfg, num_replicas: 1 }).catch(async (e: unknown) => {
        // Another process made it meanwhile.
        if (!/already in use/i.test((e as Error).message)) throw e;
      });
    }
    return (await this.jsm.streams.info(cfg.name)).state.last_seq;
  }

  private async start(): Promise<void> {
    const userLast = await this.ensureStream({
      name: this.userStream,
      subjects: [this.userSubjects],
      storage: StorageType.File,
      max_age: nanos(this.opts.userMaxAgeMs ?? 24 * 3600_000),
      duplicate_window: nanos(120_000),
      allow_direct: true,
    });
    const feedLast = await this.ensureStream({
      name: this.feedStream,
      subjects: [`${this.opts.prefix}.feed`],
      storage: StorageType.Memory,
      max_age: nanos(60_000),
      duplicate_window: nanos(1000),
    });
    // From the end as it was at connect, by sequence (not "new"): an ordered consumer re-made
    // after a disconnect before its first message then still starts where this one did.
    this.consumers.push(
      await this.consume(this.userStream, userLast + 1, (m) => {
        const userId = Number(m.subject.slice(m.subject.lastIndexOf('.') + 1));
        const d: UserEventDelivery = { seq: m.seq, userId, event: dec(m.data) };
        this.each(this.userHandlers, (h) => h(d));
      }),
    );
    this.consumers.push(
      await this.consume(this.feedStream, feedLast + 1, (m) => {
        const msg = dec(m.data);
        this.each(this.feedHandlers, (h) => h(msg));
      }),
    );
    void (async () => {
      for await (const s of this.nc.status()) {
        if (s.type === Events.Disconnect) this.connected = false;
        else if (s.type === Events.Reconnect) this.connected = true;
      }
    })().catch(() => undefined);
  }

  private async consume(
    stream: string,
    startSeq: number,
    onMsg: (m: { seq: number; subject: string; data: Uint8Array }) => void,
  ): Promise<ConsumerMessages> {
    const consumer = await this.js.consumers.get(stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: startSeq,
    });
    const messages = await consumer.consume({ max_messages: 1000 });
    void (async () => {
      for await (const m of messages) {
        try {
          onMsg(m);
        } catch (err) {
          this.opts.log?.error({ err, stream }, 'bus message handler failed');
        }
      }
    })().catch((err: unknown) => {
      if (!this.closed) this.opts.log?.error({ err, stream }, 'bus consumer stopped');
    });
    return messages;
  }

  publishFeed(msg: unknown): void {
    // Core publish into the stream's subject: no acknowledgement to wait for, and one connection
    // keeps the order. Lost only if the server is unreachable, like any market tick.
    try {
      this.nc.publish(`${this.opts.prefix}.feed`, enc(msg));
    } catch (err) {
      this.opts.log?.warn({ err }, 'bus feed publish failed');
    }
  }

  onFeed(handler: (msg: unknown) => void): () => void {
    this.feedHandlers.add(handler);
    return () => this.feedHandlers.delete(handler);
  }

  async publishUserEvent(e: { outboxId: number; userId: number; event: unknown }): Promise<void> {
    await this.js.publish(`${this.opts.prefix}.user.${e.userId}`, enc(e.event), {
      msgID: `ue-${e.outboxId}`,
      timeout: 5000,
    });
  }

  onUserEvent(handler: (e: UserEventDelivery) => void): () => void {
    this.userHandlers.add(handler);
    return () => this.userHandlers.delete(handler);
  }

  async userEventsSince(userId: number, afterSeq: number): Promise<UserEventDelivery[] | null> {
    const { state } = await this.jsm.streams.info(this.userStream);
    // Events after afterSeq were dropped (older than the stream keeps), or the id is not of this stream.
    if (afterSeq + 1 < state.first_seq || afterSeq > state.last_seq) return null;
    const subject = `${this.opts.prefix}.user.${userId}`;
    const max = this.opts.maxResume ?? 1000;
    const out: UserEventDelivery[] = [];
    let seq = afterSeq + 1;
    while (seq <= state.last_seq) {
      let m;
      try {
        m = await (this.jsm as unknown as DirectGet).direct.getMessage(this.userStream, { seq, next_by_subj: subject });
      } catch (err) {
        if (/no message found|not found/i.test((err as Error).message)) break;
        throw err;
      }
      if (m.seq > state.last_seq) break;
      if (out.length >= max) return null;
      out.push({ seq: m.seq, userId, event: dec(m.data) });
      seq = m.seq + 1;
    }
    return out;
  }

  publishSignal(name: string): void {
    try {
      this.nc.publish(`${this.opts.prefix}.signal.${name}`);
    } catch (err) {
      this.opts.log?.warn({ err, name }, 'bus signal publish failed');
    }
  }

  onSignal(name: string, handler: () => void): () => void {
    let set = this.signalHandlers.get(name);
    if (!set) {
      this.signalHandlers.set(name, (set = new Set()));
      const handlers = set;
      this.nc.subscribe(`${this.opts.prefix}.signal.${name}`, { callback: () => this.each(handlers, (h) => h()) });
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  status(): BusStatus {
    return { kind: 'nats', connected: this.connected && !this.nc.isClosed() };
  }

  /** Deletes this bus's streams (tests with their own prefix). */
  async deleteStreams(): Promise<void> {
    for (const s of [this.userStream, this.feedStream]) await this.jsm.streams.delete(s).catch(() => false);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const c of this.consumers) await c.close().catch(() => undefined);
    this.feedHandlers.clear();
    this.userHandlers.clear();
    this.signalHandlers.clear();
    await this.nc.drain().catch(() => this.nc.close());
  }

  private each<H>(handlers: Set<H>, call: (h: H) => void): void {
    for (const h of handlers) {
      try {
        call(h);
      } catch (err) {
        this.opts.log?.error({ err }, 'bus handler failed');
      }
    }
  }
}

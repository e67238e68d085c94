/**
 * The market websocket (docs/product.md §7 "Sockets", docs/market-data.md "Websocket").
 *
 * Fan-out: every bus event is encoded once, into its topic ("ticker:BTCUSDT", "depth:BTCUSDT",
 * "kline:BTCUSDT:1m", "trades:BTCUSDT"), and the topic keeps only its newest frame and the sequence number of its
 * last change: an event costs the same whatever the number of subscribers. Every flush
 * (WS_FLUSH_MS) each connection gets one frame holding the newest frame of each of its topics
 * that changed since its last flush: the same Buffers, shared by all subscribers, joined without
 * re-encoding. A connection whose socket buffer is full is skipped until it drains, and then gets
 * the newest values only: memory per connection is bounded whatever the client does.
 *
 * Trades are events, not values, yet coalesce the same way: the newest message of a trades topic
 * holds the symbol's newest WS_TRADES_PER_MESSAGE trades (each event adds one and drops the
 * oldest), and clients merge messages by trade id. A flush sends each connection the trades since
 * its last one, as long as no more than that many came meanwhile (a client held up longer, or a
 * symbol trading faster than that per flush, gets the newest ones and a gap in the ids).
 */
import type { IncomingMessage } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import type { WebSocket } from 'ws';
import {
  ERRORS,
  INSTRUMENTS,
  WS_MAX_MESSAGES_PER_SECOND,
  WS_MAX_MESSAGE_BYTES,
  WS_MAX_SUBSCRIPTIONS,
  WS_TRADES_PER_MESSAGE,
  WsClientMessage,
  errorMessage,
  instrumentOf,
  parseHeaderLang,
  type CandleInterval,
  type ErrorKey,
  type HeaderLang,
  type Market,
  type WsChannel,
  type WsServerMessage,
} from '@app/contract';
import type { ClusterBus, UserEventDelivery } from '../cluster';
import type { MarketBus, MarketEvent } from './bus';

/** Stop writing to a socket while this much is waiting in its buffer. */
const HIGH_WATER_BYTES = 256 * 1024;
/** Per-user order events waiting for a slow socket; past it the client is told to reload. */
const USER_QUEUE_MAX = 100;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const FLUSH_PHASES = 4;
let connectionSeq = 0;
const BATCH_HEAD = Buffer.from('{"eventType":"batch","data":[');
const BATCH_TAIL = Buffer.from(']}');
const COMMA = Buffer.from(',');

export interface HubOptions {
  flushMs: number;
  heartbeatMs: number;
  maxConnections: number;
  maxSubscriptions?: number;
  /**
   * 'naive' sends every event to every subscriber at once, JSON-encoded per send: the
   * benchmark's baseline only (npm run bench:ws), never used by the server.
   */
  delivery?: 'coalesced' | 'naive';
  /** Skip a socket while more than this waits in its buffer (default 256 KiB). */
  highWaterBytes?: number;
}

/** What the hub needs from the rest of the module. */
export interface HubDeps {
  bus: MarketBus;
  /** The users' order events (every process's, with their ids) and a reconnecting client's resume. */
  users?: Pick<ClusterBus, 'onUserEvent' | 'userEventsSince'>;
  /** The user of a session token, or null. */
  authenticate(token: string): Promise<number | null>;
  /** The current value of a topic, for the first frame after SUBSCRIBE. */
  snapshot(topic: string): WsServerMessage | undefined;
  now(): number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * A complete unmasked WebSocket text frame (RFC 6455 §5.2) around a payload: built once and
 * written as is to every socket that gets it.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81; // FIN + text
  if (n < 126) out[1] = n;
  else if (n < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    out.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(out, head);
  return out;
}

let topicIds = 0;

class Topic {
  readonly id = ++topicIds;
  readonly subs = new Set<Connection>();
  /** The newest event, encoded lazily: a topic nobody watches costs a reference, not a stringify. */
  latest: WsServerMessage | undefined;
  /** The hub's sequence number at its last change (connections compare it with their last flush's). */
  changed = 0;
  frame: Buffer | undefined;
  /** `frame` as a WebSocket frame, for connections that get only this topic in a flush. */
  wire: Buffer | undefined;
  constructor(readonly key: string) {}

  encoded(): Buffer | undefined {
    if (!this.frame && this.latest) this.frame = Buffer.from(JSON.stringify(this.latest));
    return this.frame;
  }

  set(msg: WsServerMessage | undefined): void {
    this.latest = msg;
    this.frame = undefined;
    this.wire = undefined;
  }
}

/** The raw TCP socket under a ws connection (ws 8 keeps it in `_socket`; the version is pinned). */
type RawSocket = { write(b: Buffer): boolean };
const rawSocket = (ws: WebSocket): RawSocket | undefined => (ws as unknown as { _socket?: RawSocket })._socket;

interface Subscription {
  key: string;
  channel: WsChannel;
  topics: Topic[];
  currency?: string;
  market?: Market;
  interval?: CandleInterval;
}

class Connection {
  readonly subs = new Map<string, Subscription>();
  /** Every topic of its subscriptions, once each (rebuilt when they change). */
  topics: Topic[] = [];
  /** The ids of `topics`: the sharing key of a flush in which all of them changed. */
  topicsKey = '';
  /** The hub's sequence number at its last flush: a topic changed since when its `changed` is higher. */
  flushedAt = 0;
  /** Topics to send at the next flush whether or not they changed (the current values after SUBSCRIBE). */
  readonly pending = new Set<Topic>();
  readonly userEvents: Buffer[] = [];
  /** The id of the newest order event queued for it: an event at or below it is not sent again. */
  lastEventId = 0;
  /** Live order events waiting while the replay after `lastEventId` is read (null: none is). */
  replayWait: UserEventDelivery[] | null = null;
  userId: number | null = null;
  token: string | null = null;
  alive = true;
  /** Which flush group it is in (see FLUSH_PHASES). */
  readonly phase = connectionSeq++ % FLUSH_PHASES;
  /** Inbound rate limit: messages counted in the current second. */
  windowStart = 0;
  windowCount = 0;
  constructor(
    readonly ws: WebSocket,
    readonly id: string,
    readonly lang: HeaderLang,
  ) {}
}

export class MarketHub {
  private readonly topics = new Map<string, Topic>();
  private readonly connections = new Set<Connection>();
  /** The connections of each flush group (Connection.phase). */
  private readonly phases: Set<Connection>[] = Array.from({ length: FLUSH_PHASES }, () => new Set());
  /** When each flush group is next due (performance.now() milliseconds). */
  private readonly phaseDue: number[] = new Array<number>(FLUSH_PHASES).fill(0);
  /** Counts topic changes (Topic.changed, Connection.flushedAt). */
  private seq = 0;
  /** dueTopics' answer (one array for every call: no allocation per connection and flush). */
  private readonly due: Topic[] = [];
  private readonly byUser = new Map<number, Set<Connection>>();
  /** Compiled with the first client message: building an Ajv instance took 0.1–0.3 s of every start. */
  private validator: ValidateFunction | undefined;
  private readonly unsubscribeBus: () => void;
  private readonly unsubscribeUsers: () => void;
  private timers: NodeJS.Timeout[] = [];
  private readonly maxSubscriptions: number;
  /** Counters for tests and the benchmark. */
  readonly stats = { framesSent: 0, skippedSlow: 0, eventsIn: 0 };

  constructor(
    private readonly deps: HubDeps,
    private readonly options: HubOptions,
  ) {
    this.maxSubscriptions = options.maxSubscriptions ?? WS_MAX_SUBSCRIPTIONS;
    this.unsubscribeBus = deps.bus.subscribe((e) => this.onEvent(e));
    this.unsubscribeUsers = deps.users?.onUserEvent((e) => this.onUserEvent(e)) ?? (() => undefined);
  }

  /** Timers run only while someone is connected: an idle server does not wake up every few ms. */
  private startTimers(): void {
    if (this.timers.length) return;
    // Connections are flushed in FLUSH_PHASES groups, one group per tick of flushMs / FLUSH_PHASES:
    // each still gets a frame every flushMs, but the writes (and the clients' reads) are spread
    // over the interval instead of one burst for everybody.
    // A group whose time has come is flushed at the next tick, however late the tick: after the
    // process was held up (GC, a busy machine), every group that is due is flushed at once rather
    // than one per tick, which added up to three more ticks to the wait of the last group.
    if (this.options.delivery !== 'naive') {
      const step = this.options.flushMs / FLUSH_PHASES;
      const start = performance.now();
      for (let k = 0; k < FLUSH_PHASES; k++) this.phaseDue[k] = start + (k + 1) * step;
      this.timers.push(setInterval(() => this.flushDue(performance.now()), Math.max(1, step)));
    }
    this.timers.push(setInterval(() => void this.heartbeat(), this.options.heartbeatMs));
    for (const t of this.timers) t.unref();
  }

  private stopTimers(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  close(): void {
    this.unsubscribeBus();
    this.unsubscribeUsers();
    this.stopTimers();
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
  }

  /** Whether some connection watches `key` ("depth:BTCUSDT"). */
  watched(key: string): boolean {
    return (this.topics.get(key)?.subs.size ?? 0) > 0;
  }

  private topic(key: string): Topic {
    let t = this.topics.get(key);
    if (!t) {
      t = new Topic(key);
      this.topics.set(key, t);
    }
    return t;
  }

  // ----- events in ------------------------------------------------------------------------

  /** Flushes every group that is due at `now`; each keeps its place in the cycle. */
  private flushDue(now: number): void {
    for (let k = 0; k < FLUSH_PHASES; k++) {
      if (this.phaseDue[k]! > now) continue;
      this.flush(k);
      do this.phaseDue[k]! += this.options.flushMs;
      while (this.phaseDue[k]! <= now);
    }
  }

  private onEvent(e: MarketEvent): void {
    this.stats.eventsIn++;
    const key =
      e.type === 'tick'
        ? `ticker:${e.symbol}`
        : e.type === 'depth'
          ? `depth:${e.symbol}`
          : e.type === 'trade'
            ? `trades:${e.symbol}`
            : `kline:${e.symbol}:${e.interval}`;
    const t = this.topics.get(key);
    if (!t) return; // nobody ever subscribed: nothing to keep
    let msg: WsServerMessage;
    if (e.type === 'tick') msg = { eventType: 'ticker', data: e.tick };
    else if (e.type === 'depth') msg = { eventType: 'depth', data: e.depth };
    else if (e.type === 'kline') msg = { eventType: 'kline', data: e.kline };
    else {
      // The topic's message is the window of the newest trades: this one first, the oldest dropped.
      const before = t.latest?.eventType === 'trades' ? t.latest.data.trades : [];
      msg = {
        eventType: 'trades',
        data: { symbol: e.symbol, trades: [e.trade, ...before.slice(0, WS_TRADES_PER_MESSAGE - 1)] },
      };
    }
    t.set(msg);
    if (this.options.delivery === 'naive') {
      for (const c of t.subs) {
        c.ws.send(JSON.stringify(msg));
        this.stats.framesSent++;
      }
      return;
    }
    // Encoded at the next flush, once, and only the newest of the events that came meanwhile.
    t.changed = ++this.seq;
  }

  private onUserEvent(e: UserEventDelivery): void {
    const conns = this.byUser.get(e.userId);
    if (!conns) return;
    let frame: Buffer | undefined;
    for (const c of conns) {
      if (c.replayWait) c.replayWait.push(e);
      else
        this.queueUserEvent(
          c,
          e,
          (frame ??= Buffer.from(JSON.stringify({ eventType: 'orders', data: e.event, id: e.seq }))),
        );
    }
  }

  /** Queues an order event for a connection unless it already has it (by id). */
  private queueUserEvent(c: Connection, e: UserEventDelivery, frame?: Buffer): void {
    if (e.seq <= c.lastEventId) return;
    c.lastEventId = e.seq;
    if (c.userEvents.length >= USER_QUEUE_MAX) return this.resync(c);
    c.userEvents.push(frame ?? Buffer.from(JSON.stringify({ eventType: 'orders', data: e.event, id: e.seq })));
  }

  /** Events cannot be coalesced like prices: drop them and tell the client to reload its orders. */
  private resync(c: Connection): void {
    c.userEvents.length = 0;
    c.userEvents.push(Buffer.from(JSON.stringify({ eventType: 'orders', data: { type: 'resync' } })));
  }

  /**
   * A client subscribing again after a reconnect (maybe to another node): the events after its
   * last id first, then the live ones that came meanwhile, none twice; a resync when the bus no
   * longer holds them.
   */
  private async replay(c: Connection, userId: number, lastEventId: number): Promise<void> {
    c.lastEventId = lastEventId;
    const waiting: UserEventDelivery[] = (c.replayWait = []);
    let missed: UserEventDelivery[] | null;
    try {
      missed = (await this.deps.users?.userEventsSince(userId, lastEventId)) ?? null;
    } catch (err) {
      this.deps.log.warn({ err }, 'order events could not be read for a resume');
      missed = null;
    }
    if (c.replayWait !== waiting) return; // unsubscribed meanwhile
    c.replayWait = null;
    if (missed === null || missed.length > USER_QUEUE_MAX) this.resync(c);
    else for (const e of missed) this.queueUserEvent(c, e);
    for (const e of waiting) this.queueUserEvent(c, e);
  }

  // ----- flush ----------------------------------------------------------------------------

  /**
   * Sends each connection (of one flush group, or all) one frame with the newest value of each of
   * its topics that changed since its last flush, and its order events.
   * Connections with the same changed topics in a flush (the same watch list) share one frame,
   * built once: the per-connection cost is one socket write.
   */
  flush(phase?: number): void {
    const shared = new Map<string, Buffer>();
    const highWater = this.options.highWaterBytes ?? HIGH_WATER_BYTES;
    for (const c of phase === undefined ? this.connections : this.phases[phase]!) {
      const due = this.dueTopics(c);
      if (due.length === 0 && c.userEvents.length === 0) continue;
      if (c.ws.readyState !== c.ws.OPEN) continue;
      if (c.ws.bufferedAmount > highWater) {
        this.stats.skippedSlow++;
        continue; // its topics keep only their newest frames meanwhile
      }
      let wire: Buffer | undefined;
      if (c.userEvents.length === 0 && due.length === 1) {
        const f = due[0]!.encoded();
        if (f) wire = due[0]!.wire ??= textFrame(f);
      } else if (c.userEvents.length === 0) {
        let key = c.topicsKey;
        if (due.length !== c.topics.length) {
          key = '';
          for (const t of due) key += `${t.id},`;
        }
        wire = shared.get(key);
        if (!wire) {
          wire = this.batch(due.map((t) => t.encoded()).filter((f): f is Buffer => !!f));
          if (wire) shared.set(key, wire);
        }
      } else {
        // Order events are the user's own: never shared.
        const parts = due.map((t) => t.encoded()).filter((f): f is Buffer => !!f);
        wire = this.batch([...parts, ...c.userEvents]);
      }
      c.flushedAt = this.seq;
      c.pending.clear();
      c.userEvents.length = 0;
      if (!wire) continue;
      const socket = rawSocket(c.ws);
      if (socket) socket.write(wire);
      else c.ws.send(wire.subarray(wire[1]! < 126 ? 2 : wire[1] === 126 ? 4 : 10), { binary: false });
      this.stats.framesSent++;
    }
  }

  /**
   * The topics a connection is to get now, in the order of `c.topics`: changed since its last
   * flush, or pending. One array, reused: valid until the next call.
   */
  private dueTopics(c: Connection): Topic[] {
    const due = this.due;
    due.length = 0;
    for (const t of c.topics) if (t.latest && (t.changed > c.flushedAt || c.pending.has(t))) due.push(t);
    return due;
  }

  /** One frame for several messages: the single message itself, or a batch of them. */
  private batch(parts: Buffer[]): Buffer | undefined {
    if (parts.length === 0) return undefined;
    if (parts.length === 1) return textFrame(parts[0]!);
    const list: Buffer[] = [BATCH_HEAD];
    for (let i = 0; i < parts.length; i++) {
      if (i) list.push(COMMA);
      list.push(parts[i]!);
    }
    list.push(BATCH_TAIL);
    return textFrame(Buffer.concat(list));
  }

  // ----- connections ----------------------------------------------------------------------

  /** A new socket on the websocket path. */
  accept(ws: WebSocket, request: IncomingMessage): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const lang = parseHeaderLang(url.searchParams.get('lang') ?? (request.headers.lang as string | undefined));
    const id = url.searchParams.get('id') ?? '';
    if (!ID_PATTERN.test(id)) {
      this.sendControl(ws, {
        eventType: 'error',
        msg: errorMessage('INVALID_PARAMETER', lang, { field: 'id' }),
        code: ERRORS.INVALID_PARAMETER.code,
      });
      ws.close(1008, 'id required');
      return;
    }
    if (this.connections.size >= this.options.maxConnections) {
      this.sendControl(ws, {
        eventType: 'error',
        msg: errorMessage('TOO_MANY_REQUESTS', lang),
        code: ERRORS.TOO_MANY_REQUESTS.code,
      });
      ws.close(1013, 'try again later');
      return;
    }
    const c = new Connection(ws, id, lang);
    this.connections.add(c);
    this.phases[c.phase]!.add(c);
    c.flushedAt = this.seq;
    this.startTimers();
    ws.on('pong', () => {
      c.alive = true;
    });
    ws.on('message', (data, isBinary) => void this.onMessage(c, data as Buffer | Buffer[], isBinary));
    ws.on('close', () => this.drop(c));
    ws.on('error', () => this.drop(c));
    this.sendControl(ws, {
      eventType: 'welcome',
      msg: 'success',
      id,
      serverTime: this.deps.now(),
      maxSubscriptions: this.maxSubscriptions,
    });
  }

  private drop(c: Connection): void {
    if (!this.connections.delete(c)) return;
    this.phases[c.phase]!.delete(c);
    for (const s of c.subs.values()) for (const t of s.topics) t.subs.delete(c);
    if (c.userId !== null) {
      const set = this.byUser.get(c.userId);
      set?.delete(c);
      if (set?.size === 0) this.byUser.delete(c.userId);
    }
    c.subs.clear();
    c.topics = [];
    c.pending.clear();
    if (this.connections.size === 0) this.stopTimers();
  }

  /** Pings everyone; a connection that did not answer the previous ping is closed. */
  private async heartbeat(): Promise<void> {
    for (const c of this.connections) {
      if (!c.alive) {
        c.ws.terminate();
        this.drop(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
      // A session that ended (logout, expiry) stops receiving its order events.
      if (c.token && c.subs.has('openOrders')) {
        const userId = await this.deps.authenticate(c.token).catch(() => null);
        if (userId === null) {
          this.removeSub(c, c.subs.get('openOrders')!);
          c.subs.delete('openOrders');
          this.sendError(c, 'SESSION_EXPIRED');
        }
      }
    }
  }

  // ----- client messages ------------------------------------------------------------------

  private sendControl(ws: WebSocket, msg: WsServerMessage): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  }

  private sendError(c: Connection, key: ErrorKey, params?: Record<string, string | number>, requestId?: string): void {
    this.sendControl(c.ws, {
      eventType: 'error',
      msg: errorMessage(key, c.lang, params),
      code: ERRORS[key].code,
      ...(requestId ? { requestId } : {}),
    });
  }

  /** What each connection holds (tests, diagnostics). */
  connectionInfo(): { id: string; bufferedAmount: number; subscriptions: number; pendingTopics: number }[] {
    return [...this.connections].map((c) => ({
      id: c.id,
      bufferedAmount: c.ws.bufferedAmount,
      subscriptions: c.subs.size,
      pendingTopics: this.dueTopics(c).length,
    }));
  }

  private async onMessage(c: Connection, data: Buffer | Buffer[], isBinary: boolean): Promise<void> {
    // Wall time, not the app clock: this protects the process, whatever time tests pretend it is.
    const now = Date.now();
    if (now - c.windowStart >= 1000) {
      c.windowStart = now;
      c.windowCount = 0;
    }
    if (++c.windowCount > WS_MAX_MESSAGES_PER_SECOND) {
      // Answer the first excess message only: an error per message would let a flood flood back.
      if (c.windowCount === WS_MAX_MESSAGES_PER_SECOND + 1) this.sendError(c, 'TOO_MANY_REQUESTS');
      return;
    }
    const buf = Array.isArray(data) ? Buffer.concat(data) : data;
    if (buf.length > WS_MAX_MESSAGE_BYTES) return this.sendError(c, 'WS_MESSAGE_TOO_LARGE');
    let msg: unknown;
    try {
      if (isBinary) throw new Error('binary');
      msg = JSON.parse(buf.toString('utf8'));
    } catch {
      return this.sendError(c, 'WS_MESSAGE_INVALID');
    }
    this.validator ??= new Ajv({ allErrors: false, removeAdditional: false }).compile(WsClientMessage);
    if (!this.validator(msg)) {
      const requestId =
        typeof (msg as { requestId?: unknown })?.requestId === 'string'
          ? (msg as { requestId: string }).requestId.slice(0, 64)
          : undefined;
      return this.sendError(c, 'WS_MESSAGE_INVALID', undefined, requestId);
    }
    const m = msg as WsClientMessage;
    if (m.methodType === 'PING') {
      return this.sendControl(c.ws, {
        eventType: 'pong',
        msg: 'success',
        serverTime: this.deps.now(),
        ...(m.requestId ? { requestId: m.requestId } : {}),
      });
    }
    if (!m.channel) return this.sendError(c, 'WS_MESSAGE_INVALID', undefined, m.requestId);
    const resolved = this.resolve(m);
    if ('error' in resolved) return this.sendError(c, resolved.error, undefined, m.requestId);
    const { key, topics } = resolved;
    const reply = {
      msg: 'success',
      channel: m.channel,
      ...(resolved.currency ? { currency: resolved.currency } : {}),
      ...(m.market ? { market: m.market } : {}),
      ...(resolved.interval ? { interval: resolved.interval } : {}),
      ...(m.requestId ? { requestId: m.requestId } : {}),
    };
    if (m.methodType === 'UNSUBSCRIBE') {
      const s = c.subs.get(key);
      if (s) {
        this.removeSub(c, s);
        c.subs.delete(key);
      }
      return this.sendControl(c.ws, { eventType: 'unsubscribed', ...reply });
    }
    if (c.subs.has(key)) return this.sendControl(c.ws, { eventType: 'subscribed', ...reply });
    if (c.subs.size >= this.maxSubscriptions)
      return this.sendError(c, 'WS_SUBSCRIPTION_LIMIT', { max: this.maxSubscriptions }, m.requestId);
    if (m.channel === 'openOrders') {
      const userId = m.token ? await this.deps.authenticate(m.token).catch(() => null) : null;
      if (userId === null) return this.sendError(c, 'SESSION_EXPIRED', undefined, m.requestId);
      if (!this.connections.has(c) || c.subs.has(key)) return;
      c.userId = userId;
      c.token = m.token!;
      let set = this.byUser.get(userId);
      if (!set) this.byUser.set(userId, (set = new Set()));
      set.add(c);
      if (m.lastEventId !== undefined) void this.replay(c, userId, m.lastEventId);
    }
    const sub: Subscription = {
      key,
      channel: m.channel,
      topics,
      ...(resolved.currency ? { currency: resolved.currency } : {}),
      ...(m.market ? { market: m.market } : {}),
      ...(resolved.interval ? { interval: resolved.interval } : {}),
    };
    c.subs.set(key, sub);
    this.topicsChanged(c);
    this.sendControl(c.ws, { eventType: 'subscribed', ...reply });
    // The current values at once, so a chart or list never waits for the next tick (docs/product.md: a
    // subscription silent for 3 s counts as dead).
    for (const t of topics) {
      t.subs.add(c);
      if (!t.latest) t.latest = this.deps.snapshot(t.key);
      if (t.latest) {
        t.encoded();
        c.pending.add(t);
      }
    }
    if (this.options.delivery === 'naive') this.flush();
  }

  /** Rebuilds a connection's topic list after its subscriptions changed (`removed`: one being removed). */
  private topicsChanged(c: Connection, removed?: Subscription): void {
    const topics = new Set<Topic>();
    for (const sub of c.subs.values()) if (sub !== removed) for (const t of sub.topics) topics.add(t);
    c.topics = [...topics];
    c.topicsKey = c.topics.map((t) => `${t.id},`).join('');
  }

  private resolve(
    m: WsClientMessage,
  ): { key: string; topics: Topic[]; currency?: string; interval?: CandleInterval } | { error: ErrorKey } {
    switch (m.channel) {
      case 'general': {
        const list = m.market ? INSTRUMENTS.filter((i) => i.market === m.market) : INSTRUMENTS;
        return { key: `general:${m.market ?? 'ALL'}`, topics: list.map((i) => this.topic(`ticker:${i.symbol}`)) };
      }
      case 'realtime':
      case 'trades':
      case 'chart': {
        if (!m.currency) return { error: 'WS_MESSAGE_INVALID' };
        const inst = instrumentOf(m.currency.toUpperCase());
        if (!inst) return { error: 'SYMBOL_UNKNOWN' };
        if (m.channel === 'realtime') {
          return {
            key: `realtime:${inst.symbol}`,
            currency: inst.symbol,
            topics: [this.topic(`ticker:${inst.symbol}`), this.topic(`depth:${inst.symbol}`)],
          };
        }
        if (m.channel === 'trades')
          return { key: `trades:${inst.symbol}`, currency: inst.symbol, topics: [this.topic(`trades:${inst.symbol}`)] };
        const interval = m.interval ?? '1m';
        return {
          key: `chart:${inst.symbol}:${interval}`,
          currency: inst.symbol,
          interval,
          topics: [this.topic(`kline:${inst.symbol}:${interval}`)],
        };
      }
      case 'openOrders':
        return { key: 'openOrders', topics: [] };
      default:
        return { error: 'WS_MESSAGE_INVALID' };
    }
  }

  private removeSub(c: Connection, s: Subscription): void {
    for (const t of s.topics) {
      // A topic shared with another subscription of the same connection stays.
      if (![...c.subs.values()].some((o) => o !== s && o.topics.includes(t))) {
        t.subs.delete(c);
        c.pending.delete(t);
      }
    }
    this.topicsChanged(c, s);
    if (s.channel === 'openOrders' && c.userId !== null) {
      const set = this.byUser.get(c.userId);
      set?.delete(c);
      if (set?.size === 0) this.byUser.delete(c.userId);
      c.userEvents.length = 0;
      c.replayWait = null;
      c.lastEventId = 0;
    }
  }
}

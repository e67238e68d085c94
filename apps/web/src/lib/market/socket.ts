import {
  SOCKET_SILENCE_TIMEOUT_MS,
  WS_PATH,
  instrumentOf,
  type CandleInterval,
  type Market,
  type WsClientMessage,
  type WsServerMessage,
} from '@app/contract';

/**
 * The market websocket client (docs/product.md §4 and §7 "Sockets", docs/market-data.md "Client websocket").
 *
 * One `MarketSocket` is one connection. It keeps the list of streams its callers asked for,
 * sends SUBSCRIBE for each whenever the connection (re)opens, and hands every data message to
 * the listeners of the streams it belongs to (`batch` frames are unwrapped first).
 *
 * - Close: reconnect after a backoff (1 s doubling to 30 s, with jitter), reset by the server's
 *   welcome. A socket error only sets `closed` (docs/product.md §4): the close event that follows reconnects.
 * - Watchdog (every second): a stream that delivered no data for more than 3 s gets its recovery
 *   function: by default it is subscribed again (UNSUBSCRIBE + SUBSCRIBE, which makes the server
 *   send the current values at once) and the server is pinged. A connection that has received
 *   nothing at all for three silence periods is dropped and reopened, and so is an attempt not
 *   open after 60 s; a connection that is closed while streams are wanted is reopened.
 * - Streams linger briefly after their last listener leaves, and a socket closes once it has no
 *   streams left: a remount (React StrictMode, a quick back-and-forth) costs no messages.
 *
 * The routing and timing rules are pure functions below, tested without a browser.
 */

/** What a stream asks for: a SUBSCRIBE message without its method. Symbols are upper case. */
export type StreamRequest =
  | { channel: 'general'; market?: Market }
  | { channel: 'realtime'; currency: string; token?: string }
  | { channel: 'chart'; currency: string; interval: CandleInterval }
  | { channel: 'trades'; currency: string }
  | { channel: 'openOrders'; token: string };

export type DataMessage = Extract<WsServerMessage, { eventType: 'ticker' | 'depth' | 'kline' | 'trades' | 'orders' }>;

const DATA_EVENTS: ReadonlySet<string> = new Set(['ticker', 'depth', 'kline', 'trades', 'orders']);

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
export const WATCHDOG_TICK_MS = 1000;
/** A stream without listeners is unsubscribed this long after the last one left. */
export const STREAM_LINGER_MS = 300;
/** A connection attempt still not open after this is abandoned (docs/product.md §9: socket timeout 60 s). */
export const CONNECT_TIMEOUT_MS = 60_000;
/** Nesting bound for `batch` frames (the server sends one level). */
const MAX_BATCH_DEPTH = 2;

/** WebSocket.readyState values. */
const CONNECTING = 0;
const OPEN = 1;

/** The server's key of a subscription: one stream per key on a connection. */
export function streamKey(request: StreamRequest): string {
  switch (request.channel) {
    case 'general':
      return `general:${request.market ?? 'ALL'}`;
    case 'realtime':
      return `realtime:${request.currency}`;
    case 'chart':
      return `chart:${request.currency}:${request.interval}`;
    case 'trades':
      return `trades:${request.currency}`;
    case 'openOrders':
      return 'openOrders';
  }
}

/** The messages of one frame: a `batch` is replaced by the messages it holds. */
export function unwrapMessages(message: unknown, depth = 0): WsServerMessage[] {
  if (typeof message !== 'object' || message === null) return [];
  const m = message as { eventType?: unknown; data?: unknown };
  if (m.eventType === 'batch' && Array.isArray(m.data)) {
    if (depth >= MAX_BATCH_DEPTH) return [];
    return m.data.flatMap((inner: unknown) => unwrapMessages(inner, depth + 1));
  }
  return typeof m.eventType === 'string' ? [message as WsServerMessage] : [];
}

/** docs/product.md §7: messages without `msg` are data, dispatched by `eventType`; the others are control replies. */
export function isDataMessage(message: WsServerMessage): message is DataMessage {
  return !('msg' in message) && DATA_EVENTS.has(message.eventType);
}

/** Whether a data message belongs to a stream. */
export function belongsTo(request: StreamRequest, message: DataMessage): boolean {
  switch (message.eventType) {
    case 'ticker':
      if (request.channel === 'general')
        return !request.market || instrumentOf(message.data.symbol)?.market === request.market;
      return request.channel === 'realtime' && request.currency === message.data.symbol;
    case 'depth':
      return request.channel === 'realtime' && request.currency === message.data.symbol;
    case 'kline':
      return (
        request.channel === 'chart' &&
        request.currency === message.data.symbol &&
        request.interval === message.data.interval
      );
    case 'trades':
      return request.channel === 'trades' && request.currency === message.data.symbol;
    case 'orders':
      return request.channel === 'openOrders';
  }
}

/** Wait before reconnect attempt `attempt` (0 = first): doubling, capped, half of it random. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A stream is silent when it delivered nothing (and was not recovered) for more than the timeout. */
export function isSilent(lastActivityAt: number, now: number, timeoutMs = SOCKET_SILENCE_TIMEOUT_MS): boolean {
  return now - lastActivityAt > timeoutMs;
}

/** The connection itself is dead when nothing at all arrived for three silence periods. */
export function isConnectionDead(lastMessageAt: number, now: number, timeoutMs = SOCKET_SILENCE_TIMEOUT_MS): boolean {
  return now - lastMessageAt > 3 * timeoutMs;
}

/** A unique id for the `id` query parameter (the server accepts [A-Za-z0-9_-]{1,64}). */
let idSeq = 0;
export function clientId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  idSeq += 1;
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}-${idSeq}`;
}

/** The websocket URL of the page's own origin. */
export function marketSocketUrl(location: { protocol: string; host: string }, id: string, lang: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?id=${encodeURIComponent(id)}&lang=${encodeURIComponent(lang)}`;
}

// ---------------------------------------------------------------------------------------------

/** The part of the browser WebSocket this client uses (a fake one in tests). */
export type SocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onclose' | 'onerror' | 'onmessage'
>;

export interface StreamListener {
  onData(message: DataMessage): void;
  /** The server refused the subscription (unknown symbol, expired session for openOrders …). */
  onError?(code: number, message: string): void;
  /** The connection came back after a drop: data may have been missed meanwhile. */
  onReconnect?(): void;
  /**
   * The stream's recovery when it is silent for 3 s, instead of the default (subscribe again,
   * passed in as `resubscribe` for recoveries that want it too).
   */
  recover?(resubscribe: () => void): void;
}

export interface MarketSocketOptions {
  /** The URL of each connection attempt (a new id and the current language every time). */
  url: () => string;
  createSocket: (url: string) => SocketLike;
  /** Called once the socket has no streams left and has closed. */
  onIdle?: () => void;
  /** Called when the connection opens (true) or is lost (false). */
  onStatus?: (open: boolean) => void;
  now?: () => number;
  random?: () => number;
  silenceMs?: number;
}

interface Stream {
  key: string;
  request: StreamRequest;
  listeners: Set<StreamListener>;
  /** Last data message, subscription or recovery: what the watchdog measures silence from. */
  lastActivityAt: number;
  /** The server refused it: no recovery until it is subscribed anew. */
  failed: boolean;
  lingerTimer: ReturnType<typeof setTimeout> | null;
}

export class MarketSocket {
  /** No usable connection right now (docs/product.md §4: errors set only this flag). */
  closed = true;
  private socket: SocketLike | null = null;
  private readonly streams = new Map<string, Stream>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdogTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  private connectStartedAt = 0;
  private hasOpened = false;
  private disposed = false;
  /** What onStatus said last (null: nothing yet). */
  private reportedOpen: boolean | null = null;
  private readonly now: () => number;
  private readonly silenceMs: number;
  /** The id of the last order event: sent as lastEventId when openOrders is subscribed again (a resume, on any node). */
  private lastOrderId: number | undefined;

  constructor(private readonly options: MarketSocketOptions) {
    this.now = options.now ?? (() => Date.now());
    this.silenceMs = options.silenceMs ?? SOCKET_SILENCE_TIMEOUT_MS;
  }

  /** Subscribes `listener` to a stream; the returned function unsubscribes it. */
  subscribe(request: StreamRequest, listener: StreamListener): () => void {
    if (this.disposed) throw new Error('MarketSocket: subscribe after dispose');
    const key = streamKey(request);
    let stream = this.streams.get(key);
    if (!stream) {
      stream = { key, request, listeners: new Set(), lastActivityAt: this.now(), failed: false, lingerTimer: null };
      this.streams.set(key, stream);
      this.sendSubscription('SUBSCRIBE', request);
    } else {
      if (stream.lingerTimer) clearTimeout(stream.lingerTimer);
      stream.lingerTimer = null;
      if (JSON.stringify(stream.request) !== JSON.stringify(request) || stream.failed) {
        // Same key, new details (another token): the server keeps the first, so replace it.
        this.sendSubscription('UNSUBSCRIBE', stream.request);
        if (request.channel === 'openOrders') this.lastOrderId = undefined;
        stream.request = request;
        stream.failed = false;
        stream.lastActivityAt = this.now();
        this.sendSubscription('SUBSCRIBE', request);
      }
    }
    stream.listeners.add(listener);
    this.ensureRunning();
    const owned = stream;
    return () => this.release(owned, listener);
  }

  /** Number of streams wanted (tests, diagnostics). */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Closes the connection for good and forgets every stream. */
  dispose(): void {
    this.disposed = true;
    for (const s of this.streams.values()) if (s.lingerTimer) clearTimeout(s.lingerTimer);
    this.streams.clear();
    this.stopTimers();
    this.dropSocket();
  }

  private release(stream: Stream, listener: StreamListener): void {
    stream.listeners.delete(listener);
    if (stream.listeners.size > 0 || this.streams.get(stream.key) !== stream) return;
    if (stream.lingerTimer) clearTimeout(stream.lingerTimer);
    stream.lingerTimer = setTimeout(() => {
      stream.lingerTimer = null;
      if (stream.listeners.size > 0 || this.streams.get(stream.key) !== stream) return;
      this.streams.delete(stream.key);
      this.sendSubscription('UNSUBSCRIBE', stream.request);
      if (this.streams.size === 0) {
        this.dispose();
        this.options.onIdle?.();
      }
    }, STREAM_LINGER_MS);
  }

  private ensureRunning(): void {
    if (!this.watchdogTimer) this.watchdogTimer = setInterval(() => this.watchdog(), WATCHDOG_TICK_MS);
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  private stopTimers(): void {
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.watchdogTimer = null;
    this.reconnectTimer = null;
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.disposed || this.streams.size === 0) return;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.connectStartedAt = this.now();
    this.lastMessageAt = this.now();
    socket.onopen = () => this.onOpen(socket);
    socket.onmessage = (event: MessageEvent) => this.onMessage(socket, event.data);
    // docs/product.md §4: an error only marks the connection closed; its close event reconnects.
    socket.onerror = () => {
      if (socket === this.socket) this.markDown();
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.markDown();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.disposed || this.reconnectTimer || this.streams.size === 0) return;
    const delay = reconnectDelayMs(this.attempt, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** Forgets the current socket without waiting for its close event (which a dead link may never send). */
  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.closed = true;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(1000, 'bye');
    } catch {
      // already closed
    }
  }

  /** A lost connection: marks it closed and says so once. */
  private markDown(): void {
    this.closed = true;
    if (this.reportedOpen !== false) {
      this.reportedOpen = false;
      this.options.onStatus?.(false);
    }
  }

  private onOpen(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.closed = false;
    if (this.reportedOpen !== true) {
      this.reportedOpen = true;
      this.options.onStatus?.(true);
    }
    this.lastMessageAt = this.now();
    const reopened = this.hasOpened;
    this.hasOpened = true;
    for (const stream of this.streams.values()) {
      stream.failed = false;
      stream.lastActivityAt = this.now();
      this.sendSubscription('SUBSCRIBE', stream.request);
    }
    if (reopened) for (const stream of this.streams.values()) for (const l of stream.listeners) l.onReconnect?.();
  }

  private onMessage(socket: SocketLike, raw: unknown): void {
    if (socket !== this.socket || typeof raw !== 'string') return;
    const now = this.now();
    this.lastMessageAt = now;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    for (const message of unwrapMessages(parsed)) {
      if (isDataMessage(message)) this.dispatch(message, now);
      else this.onControl(message);
    }
  }

  private dispatch(message: DataMessage, now: number): void {
    if (message.eventType === 'orders' && message.id !== undefined) this.lastOrderId = message.id;
    for (const stream of this.streams.values()) {
      if (!belongsTo(stream.request, message)) continue;
      stream.lastActivityAt = now;
      for (const l of stream.listeners) l.onData(message);
    }
  }

  private onControl(message: WsServerMessage): void {
    if (message.eventType === 'welcome') {
      this.attempt = 0;
      return;
    }
    if (message.eventType !== 'error') return;
    // Subscriptions carry their key as requestId, so a refusal names the stream it refuses.
    const stream = message.requestId ? this.streams.get(message.requestId) : undefined;
    if (!stream) return;
    stream.failed = true;
    for (const l of stream.listeners) l.onError?.(message.code, message.msg);
  }

  private sendSubscription(methodType: 'SUBSCRIBE' | 'UNSUBSCRIBE', request: StreamRequest): void {
    const resume =
      methodType === 'SUBSCRIBE' && request.channel === 'openOrders' && this.lastOrderId !== undefined
        ? { lastEventId: this.lastOrderId }
        : {};
    this.send({ methodType, ...request, ...resume, requestId: streamKey(request) });
  }

  private send(message: WsClientMessage): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return; // sent on open
    try {
      socket.send(JSON.stringify(message));
    } catch {
      this.closed = true;
    }
  }

  /** Runs every second while streams are wanted (see the module comment). */
  private watchdog(): void {
    if (this.disposed) return;
    const now = this.now();
    if (!this.socket) {
      // Closed and no attempt pending (a failed attempt, a lost close event): reopen.
      if (!this.reconnectTimer) this.connect();
      return;
    }
    if (this.socket.readyState === CONNECTING && now - this.connectStartedAt > CONNECT_TIMEOUT_MS) {
      this.markDown();
      this.dropSocket();
      this.scheduleReconnect();
      return;
    }
    if (this.socket.readyState !== OPEN) return;
    const active = [...this.streams.values()].filter((s) => !s.failed && s.listeners.size > 0);
    if (active.length > 0 && isConnectionDead(this.lastMessageAt, now, this.silenceMs)) {
      this.markDown();
      this.dropSocket();
      this.scheduleReconnect();
      return;
    }
    let recovered = false;
    for (const stream of active) {
      if (!isSilent(stream.lastActivityAt, now, this.silenceMs)) continue;
      stream.lastActivityAt = now; // the next recovery, if still silent, after another period
      recovered = true;
      const resubscribe = () => this.resubscribe(stream);
      const custom = [...stream.listeners].filter((l) => typeof l.recover === 'function');
      if (custom.length > 0) custom.forEach((l) => l.recover?.(resubscribe));
      else resubscribe();
    }
    // Any answer proves the link is alive; a dead one is dropped by the check above.
    if (recovered) this.send({ methodType: 'PING', requestId: 'watchdog' });
  }

  /** The default recovery: subscribe again, so the server sends the current values at once. */
  private resubscribe(stream: Stream): void {
    this.sendSubscription('UNSUBSCRIBE', stream.request);
    this.sendSubscription('SUBSCRIBE', stream.request);
  }
}

/**
 * A real feed: Binance's public market-data WebSocket, combined-stream format
 * (`<url>?streams=btcusdt@trade/btcusdt@bookTicker/btcusdt@depth20@100ms`, each message
 * `{"stream": "...", "data": {...}}`). Selected with PRICE_FEED=binance for the crypto
 * instruments. Reconnects with exponential backoff; a connection silent for BINANCE_STALE_SECONDS
 * marks its quotes stale and is replaced.
 *
 * Streams used (Binance spot WebSocket documentation):
 * - `<symbol>@trade`: `{e:"trade", E, s, t, p, q, T, m}` → a tick (price p, amount q at time T;
 *   m, the buyer is the maker: the taker sold);
 * - `<symbol>@bookTicker`: `{u, s, b, B, a, A}` → best bid and ask;
 * - `<symbol>@depth<N>[@100ms]`: `{lastUpdateId, bids, asks}` → a depth snapshot (top N);
 * - `<symbol>@depth[@100ms]`: `{e:"depthUpdate", s, U, u, b, a}` → applied on the last snapshot.
 */
import WebSocket from 'ws';
import { divRound, instrumentOf, parseAmount, pow10 } from '@app/contract';
import type { PriceSink, PriceSource } from './price-source';

export interface BinanceOptions {
  /** Base of the combined stream, e.g. wss://stream.binance.com:9443/stream. */
  url: string;
  symbols: readonly string[];
  staleAfterMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Reconnect delays: initial, doubled per failure up to max, with jitter. */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** Jitter source (tests pass a constant). */
  random?: () => number;
  /** Depth levels of the partial-book stream: 5, 10 or 20. */
  depthLevels?: 5 | 10 | 20;
  now?: () => number;
}

/** Binance allows 1024 streams per connection; messages over this size are not market data we asked for. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** A decimal string as integer units of `decimals`, rounded half-even (Binance sends 8 decimals). */
export function decimalToUnits(text: string, decimals: number): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const frac = text.split('.')[1]?.length ?? 0;
  const scale = Math.max(decimals, frac);
  const v = parseAmount(text, scale);
  if (v === null || v < 0n) return null;
  const units = scale === decimals ? v : divRound(v, pow10(scale - decimals), 'half-even');
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(units);
}

type Level = [string, string];

export class BinanceSource implements PriceSource {
  readonly name = 'binance';
  readonly regenerable = false;
  private sink: PriceSink | undefined;
  private ws: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private staleTimer: NodeJS.Timeout | undefined;
  private lastMessageAt = 0;
  private isStale = false;
  private readonly books = new Map<
    string,
    { bids: Map<number, number>; asks: Map<number, number>; lastUpdateId: number }
  >();
  readonly stats = { connects: 0, messages: 0, ticks: 0, ignored: 0, staleEvents: 0 };

  constructor(private readonly opts: BinanceOptions) {}

  get symbols(): readonly string[] {
    return this.opts.symbols;
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /** The combined-stream URL for every symbol. */
  streamUrl(): string {
    const depth = this.opts.depthLevels ?? 20;
    const streams = this.opts.symbols.flatMap((s) => {
      const l = s.toLowerCase();
      return [`${l}@trade`, `${l}@bookTicker`, `${l}@depth${depth}@100ms`];
    });
    return `${this.opts.url}?streams=${streams.join('/')}`;
  }

  start(sink: PriceSink): void {
    this.sink = sink;
    this.stopped = false;
    this.connect();
    const every = Math.max(50, Math.floor(this.opts.staleAfterMs / 4));
    this.staleTimer = setInterval(() => this.checkStale(), every);
    this.staleTimer.unref();
  }

  pump(): void {
    // Event-driven: messages arrive on their own.
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.staleTimer);
    this.ws?.terminate();
    this.ws = undefined;
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.streamUrl(), { handshakeTimeout: 10_000, maxPayload: MAX_MESSAGE_BYTES });
    this.ws = ws;
    this.lastMessageAt = this.now();
    ws.on('open', () => {
      this.stats.connects++;
      this.opts.log.info({ url: this.opts.url }, 'binance: connected');
    });
    ws.on('message', (data) => {
      this.attempt = 0; // a message proves the connection works: the next failure starts the backoff afresh
      this.onMessage(data as Buffer);
    });
    ws.on('error', (err) => this.opts.log.warn({ err: err.message }, 'binance: socket error'));
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.markStale(true);
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const initial = this.opts.backoffInitialMs ?? 1000;
    const max = this.opts.backoffMaxMs ?? 60_000;
    const base = Math.min(max, initial * 2 ** Math.min(this.attempt, 20));
    const delay = Math.round(base * (0.5 + 0.5 * (this.opts.random ?? Math.random)()));
    this.attempt++;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private checkStale(): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.now() - this.lastMessageAt > this.opts.staleAfterMs) {
      this.opts.log.warn({ silentMs: this.now() - this.lastMessageAt }, 'binance: stream silent, reconnecting');
      this.markStale(true);
      this.ws.terminate(); // 'close' schedules the reconnect
    }
  }

  private markStale(stale: boolean): void {
    if (this.isStale === stale) return;
    this.isStale = stale;
    if (stale) this.stats.staleEvents++;
    this.sink?.stale(this.opts.symbols, stale);
  }

  private onMessage(data: Buffer): void {
    this.lastMessageAt = this.now();
    this.stats.messages++;
    let msg: { stream?: unknown; data?: Record<string, unknown> };
    try {
      msg = JSON.parse(data.toString('utf8'));
    } catch {
      this.stats.ignored++;
      return;
    }
    if (typeof msg?.stream !== 'string' || !msg.data || typeof msg.data !== 'object') {
      this.stats.ignored++;
      return;
    }
    this.markStale(false);
    const [lower, kind = ''] = msg.stream.split('@');
    const symbol = (lower ?? '').toUpperCase();
    const inst = instrumentOf(symbol);
    const sink = this.sink;
    if (!inst || !sink || !this.opts.symbols.includes(symbol)) {
      this.stats.ignored++;
      return;
    }
    const d = msg.data;
    if (kind === 'trade') {
      const price = decimalToUnits(d.p as string, inst.priceDecimals);
      const amount = decimalToUnits(d.q as string, inst.amountDecimals);
      const time = Number(d.T ?? d.E);
      if (!price || amount === null || !Number.isFinite(time)) return void this.stats.ignored++;
      this.stats.ticks++;
      // m: the buyer is the maker, so the taker sold.
      const side = d.m === true ? 'sell' : d.m === false ? 'buy' : undefined;
      sink.tick({
        symbol,
        time,
        price,
        amount,
        ...(side ? { side } : {}),
        externalId: d.t === undefined ? undefined : String(d.t),
      });
    } else if (kind === 'bookTicker') {
      const bid = decimalToUnits(d.b as string, inst.priceDecimals);
      const ask = decimalToUnits(d.a as string, inst.priceDecimals);
      if (!bid || !ask) return void this.stats.ignored++;
      sink.book(symbol, bid, ask, Number(d.E ?? d.T ?? this.now()));
    } else if (kind.startsWith('depth') && Array.isArray(d.bids) && Array.isArray(d.asks)) {
      // Partial book: a full snapshot of the top levels.
      const book = {
        bids: new Map<number, number>(),
        asks: new Map<number, number>(),
        lastUpdateId: Number(d.lastUpdateId ?? 0),
      };
      this.apply(inst.priceDecimals, inst.amountDecimals, book.bids, d.bids as Level[]);
      this.apply(inst.priceDecimals, inst.amountDecimals, book.asks, d.asks as Level[]);
      this.books.set(symbol, book);
      this.emitDepth(symbol, book);
    } else if (kind.startsWith('depth') && d.e === 'depthUpdate') {
      // Diff: only meaningful on top of a snapshot, and only if newer than it.
      const book = this.books.get(symbol);
      if (!book || Number(d.u) <= book.lastUpdateId) return void this.stats.ignored++;
      book.lastUpdateId = Number(d.u);
      this.apply(inst.priceDecimals, inst.amountDecimals, book.bids, (d.b ?? []) as Level[]);
      this.apply(inst.priceDecimals, inst.amountDecimals, book.asks, (d.a ?? []) as Level[]);
      this.emitDepth(symbol, book);
    } else this.stats.ignored++;
  }

  private apply(pd: number, ad: number, side: Map<number, number>, levels: Level[]): void {
    for (const l of levels.slice(0, 1000)) {
      if (!Array.isArray(l)) continue;
      const p = decimalToUnits(l[0], pd);
      const q = decimalToUnits(l[1], ad);
      if (!p || q === null) continue;
      if (q === 0) side.delete(p);
      else side.set(p, q);
    }
  }

  private emitDepth(symbol: string, book: { bids: Map<number, number>; asks: Map<number, number> }): void {
    const n = this.opts.depthLevels ?? 20;
    const bids = [...book.bids].sort((a, b) => b[0] - a[0]).slice(0, n);
    const asks = [...book.asks].sort((a, b) => a[0] - b[0]).slice(0, n);
    this.sink?.depth(symbol, bids, asks, this.now());
  }
}

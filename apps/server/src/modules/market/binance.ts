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
 *
 * Prices are never rounded (decision 0140): each instrument's tick (its priceDecimals) must be at
 * least as fine as the exchange's. At start each symbol's PRICE_FILTER tickSize is read from the
 * REST API's exchangeInfo, and every price is checked as it comes; a symbol the exchange quotes
 * finer than its tick is withheld (stale, so nothing trades on it) and logged as an error.
 */
import WebSocket from 'ws';
import { divRound, instrumentOf, parseAmount, pow10, tickDecimals } from '@app/contract';
import type { PriceSink, PriceSource } from './price-source';

export interface BinanceOptions {
  /** Base of the combined stream, e.g. wss://stream.binance.com:9443/stream. */
  url: string;
  /**
   * Base of the REST API, e.g. https://api.binance.com: each symbol's tick size is read from
   * `/api/v3/exchangeInfo?symbol=` at start. Unset: only the prices themselves are checked.
   */
  restUrl?: string;
  symbols: readonly string[];
  staleAfterMs: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
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

/**
 * A decimal string as integer units of `decimals`, rounded half-even (Binance sends 8 decimals): for
 * amounts. Prices go through exactUnits, never rounded.
 */
export function decimalToUnits(text: string, decimals: number): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const frac = text.split('.')[1]?.length ?? 0;
  const scale = Math.max(decimals, frac);
  const v = parseAmount(text, scale);
  if (v === null || v < 0n) return null;
  const units = scale === decimals ? v : divRound(v, pow10(scale - decimals), 'half-even');
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(units);
}

/**
 * A price as integer units of `decimals`, exactly: null when it is not a plain decimal or has
 * non-zero digits past `decimals` (the exchange quotes finer than the instrument's tick).
 */
export function exactUnits(text: string, decimals: number): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const scale = Math.max(decimals, text.split('.')[1]?.length ?? 0);
  const v = parseAmount(text, scale);
  const step = pow10(scale - decimals);
  if (v === null || v < 0n || v % step !== 0n) return null;
  const units = v / step;
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(units);
}

/** What a price from the exchange is: units of the instrument, junk, or finer than its tick. */
function priceUnits(text: unknown, decimals: number): number | 'junk' | 'finer' {
  if (typeof text !== 'string') return 'junk';
  const exact = exactUnits(text, decimals);
  if (exact !== null) return exact;
  return decimalToUnits(text, decimals) === null ? 'junk' : 'finer';
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
  /** Each symbol's tick size as the exchange's exchangeInfo gave it at start. */
  readonly tickSizes = new Map<string, string>();
  /** Symbols the exchange quotes finer than their tick: their quotes are stale until the catalogue changes. */
  readonly withheld = new Set<string>();
  /** Settles when the start's tick-size check is done (tests wait for it). */
  tickSizesChecked: Promise<void> = Promise.resolve();

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
    this.tickSizesChecked = this.checkTickSizes();
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

  /**
   * Reads each symbol's PRICE_FILTER tickSize from the exchange and withholds a symbol whose tick
   * is finer than its instrument's. A symbol the exchange does not list, or an answer that does not
   * come, leaves the check to the prices themselves.
   */
  private async checkTickSizes(): Promise<void> {
    const base = this.opts.restUrl?.replace(/\/+$/, '');
    if (!base) return;
    await Promise.all(
      this.opts.symbols.map(async (symbol) => {
        const inst = instrumentOf(symbol);
        if (!inst) return;
        let tickSize: unknown;
        try {
          const res = await fetch(`${base}/api/v3/exchangeInfo?symbol=${encodeURIComponent(symbol)}`, {
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status === 400) {
            this.opts.log.info({ symbol }, 'binance: symbol not listed, no tick size to check');
            return;
          }
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          const body = (await res.json()) as {
            symbols?: { symbol?: string; filters?: { filterType?: string; tickSize?: unknown }[] }[];
          };
          tickSize = body.symbols
            ?.find((x) => x.symbol === symbol)
            ?.filters?.find((f) => f.filterType === 'PRICE_FILTER')?.tickSize;
        } catch (err) {
          this.opts.log.warn(
            { symbol, err: (err as Error).message },
            'binance: exchangeInfo unavailable, checking each price instead',
          );
          return;
        }
        if (typeof tickSize !== 'string' || !/^\d+(\.\d+)?$/.test(tickSize)) return;
        this.tickSizes.set(symbol, tickSize);
        if (tickDecimals(tickSize) > inst.priceDecimals) this.withhold(symbol, { tickSize });
      }),
    );
  }

  /**
   * The exchange quotes `symbol` finer than its instrument's tick: its prices cannot be taken
   * without rounding, so its quote is marked stale (contracts, spot and OTC refuse it) for as long
   * as this source runs. Making the tick finer is a catalogue change with a data migration
   * (decision 0140).
   */
  private withhold(symbol: string, evidence: { tickSize?: string; price?: string }): void {
    if (this.stopped || this.withheld.has(symbol)) return;
    this.withheld.add(symbol);
    const decimals = instrumentOf(symbol)?.priceDecimals;
    this.opts.log.error(
      { symbol, ...evidence, priceDecimals: decimals },
      'binance: the exchange quotes this symbol finer than its tick; its quote is withheld (stale) instead of rounded',
    );
    this.sink?.stale([symbol], true);
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
    this.sink?.stale(
      this.opts.symbols.filter((x) => !this.withheld.has(x)),
      stale,
    );
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
    if (!inst || !sink || !this.opts.symbols.includes(symbol) || this.withheld.has(symbol)) {
      this.stats.ignored++;
      return;
    }
    const d = msg.data;
    const pd = inst.priceDecimals;
    if (kind === 'trade') {
      const price = priceUnits(d.p, pd);
      if (price === 'finer') return this.withhold(symbol, { price: d.p as string });
      // Amounts are the market's volume, not money: rounded half-even to the amount decimals.
      const amount = decimalToUnits(d.q as string, inst.amountDecimals);
      const time = Number(d.T ?? d.E);
      if (price === 'junk' || !price || amount === null || !Number.isFinite(time)) return void this.stats.ignored++;
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
      const bid = priceUnits(d.b, pd);
      const ask = priceUnits(d.a, pd);
      if (bid === 'finer' || ask === 'finer') return this.withhold(symbol, { price: `${d.b} / ${d.a}` });
      if (bid === 'junk' || ask === 'junk' || !bid || !ask) return void this.stats.ignored++;
      sink.book(symbol, bid, ask, Number(d.E ?? d.T ?? this.now()));
    } else if (kind.startsWith('depth') && Array.isArray(d.bids) && Array.isArray(d.asks)) {
      // Partial book: a full snapshot of the top levels.
      const book = {
        bids: new Map<number, number>(),
        asks: new Map<number, number>(),
        lastUpdateId: Number(d.lastUpdateId ?? 0),
      };
      const finer =
        this.apply(symbol, pd, inst.amountDecimals, book.bids, d.bids as Level[]) ||
        this.apply(symbol, pd, inst.amountDecimals, book.asks, d.asks as Level[]);
      if (finer) return;
      this.books.set(symbol, book);
      this.emitDepth(symbol, book);
    } else if (kind.startsWith('depth') && d.e === 'depthUpdate') {
      // Diff: only meaningful on top of a snapshot, and only if newer than it.
      const book = this.books.get(symbol);
      if (!book || Number(d.u) <= book.lastUpdateId) return void this.stats.ignored++;
      book.lastUpdateId = Number(d.u);
      const finer =
        this.apply(symbol, pd, inst.amountDecimals, book.bids, (d.b ?? []) as Level[]) ||
        this.apply(symbol, pd, inst.amountDecimals, book.asks, (d.a ?? []) as Level[]);
      if (finer) return;
      this.emitDepth(symbol, book);
    } else this.stats.ignored++;
  }

  /** Applies levels to one side of a book; true (and the symbol withheld) when a price is finer than the tick. */
  private apply(symbol: string, pd: number, ad: number, side: Map<number, number>, levels: Level[]): boolean {
    for (const l of levels.slice(0, 1000)) {
      if (!Array.isArray(l)) continue;
      const p = priceUnits(l[0], pd);
      if (p === 'finer') {
        this.withhold(symbol, { price: l[0] });
        return true;
      }
      const q = decimalToUnits(l[1], ad);
      if (p === 'junk' || !p || q === null) continue;
      if (q === 0) side.delete(p);
      else side.set(p, q);
    }
    return false;
  }

  private emitDepth(symbol: string, book: { bids: Map<number, number>; asks: Map<number, number> }): void {
    const n = this.opts.depthLevels ?? 20;
    const bids = [...book.bids].sort((a, b) => b[0] - a[0]).slice(0, n);
    const asks = [...book.asks].sort((a, b) => a[0] - b[0]).slice(0, n);
    this.sink?.depth(symbol, bids, asks, this.now());
  }
}

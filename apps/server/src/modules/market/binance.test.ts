import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { EXCHANGE_TICK_SIZES, type RecentTrades, type Ticker } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { BinanceSource, decimalToUnits, exactUnits } from './binance';
import type { PriceSink } from './price-source';
import { marketRepo } from './repository';
import { newEngine, setClock } from './test-helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a condition; the bounds are generous because a loaded 2-core CI machine can stall a process for seconds. */
async function until(pred: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * A local stand-in for Binance's combined stream: records what each connection asked for and
 * lets the test send messages in the documented format, drop the connection, or go silent. On the
 * same port, the REST API's `/api/v3/exchangeInfo?symbol=` answers each symbol's PRICE_FILTER from
 * `tickSizes` (a symbol not there answers 400, as Binance does for a symbol it does not list).
 */
class ReplayServer {
  readonly http: http.Server;
  readonly wss: WebSocketServer;
  readonly connections: { ws: WebSocket; url: string }[] = [];
  tickSizes: Record<string, string> = {};
  readonly infoAsked: string[] = [];
  constructor() {
    this.http = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const symbol = u.searchParams.get('symbol') ?? '';
      this.infoAsked.push(symbol);
      const tickSize = u.pathname === '/api/v3/exchangeInfo' ? this.tickSizes[symbol] : undefined;
      res.setHeader('content-type', 'application/json');
      if (!tickSize) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: -1121, msg: 'Invalid symbol.' }));
        return;
      }
      const filters = [
        { filterType: 'PRICE_FILTER', minPrice: tickSize, maxPrice: '1000000.00000000', tickSize },
        { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
      ];
      res.end(JSON.stringify({ timezone: 'UTC', symbols: [{ symbol, status: 'TRADING', filters }] }));
    });
    this.wss = new WebSocketServer({ server: this.http, path: '/stream' });
    this.wss.on('connection', (ws, req) => this.connections.push({ ws, url: req.url ?? '' }));
    this.http.listen(0, '127.0.0.1');
  }
  private get port(): number {
    return (this.http.address() as { port: number }).port;
  }
  get url(): string {
    return `ws://127.0.0.1:${this.port}/stream`;
  }
  get restUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get current(): WebSocket {
    return this.connections.at(-1)!.ws;
  }
  send(stream: string, data: object): void {
    this.current.send(JSON.stringify({ stream, data }));
  }
  /** `buyerIsMaker`: Binance's `m`, the buyer was the resting order (the taker sold). */
  trade(symbol: string, id: number, price: string, qty: string, time: number, buyerIsMaker = false): void {
    this.send(`${symbol.toLowerCase()}@trade`, {
      e: 'trade',
      E: time,
      s: symbol,
      t: id,
      p: price,
      q: qty,
      T: time,
      m: buyerIsMaker,
      M: true,
    });
  }
  async close(): Promise<void> {
    for (const c of this.connections) c.ws.terminate();
    await new Promise<void>((r) => this.wss.close(() => r()));
    await new Promise<void>((r) => this.http.close(() => r()));
  }
}

const listening = (server: ReplayServer) =>
  server.http.listening ? Promise.resolve() : new Promise<void>((r) => server.http.once('listening', () => r()));

describe('decimal conversion', () => {
  it("turns Binance's 8-decimal strings into instrument units, half-even, and refuses junk", () => {
    expect(decimalToUnits('95012.37000000', 2)).toBe(9_501_237);
    expect(decimalToUnits('0.00123000', 5)).toBe(123);
    expect(decimalToUnits('0.16000500', 5)).toBe(16_000); // half to even
    expect(decimalToUnits('0.16001500', 5)).toBe(16_002);
    expect(decimalToUnits('12', 2)).toBe(1200);
    for (const bad of ['', '-1', '1e5', 'abc', '1.2.3']) expect(decimalToUnits(bad, 2)).toBeNull();
    expect(decimalToUnits(5 as unknown as string, 2)).toBeNull();
  });

  it('takes a price only when it is exact in the tick (decision 0140): trailing zeros yes, finer digits no', () => {
    expect(exactUnits('0.49870000', 4)).toBe(4987);
    expect(exactUnits('95012.37000000', 2)).toBe(9_501_237);
    expect(exactUnits('12', 2)).toBe(1200);
    expect(exactUnits('0.49875000', 4)).toBeNull(); // EOS on a 0.00001 tick: would be rounded
    expect(exactUnits('0.5', 1)).toBe(5);
    for (const bad of ['', '-1', '1e5', 'abc', '1.2.3']) expect(exactUnits(bad, 2)).toBeNull();
  });
});

describe('the Binance adapter against a local replay server', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = new ReplayServer();
    await listening(server);
  });
  afterAll(() => server.close());

  it('subscribes to trade, bookTicker and depth streams, turns messages into ticks, reconnects after a drop, and marks silence stale', async () => {
    const got = {
      ticks: [] as unknown[],
      books: [] as unknown[],
      depths: [] as { bids: [number, number][] }[],
      stale: [] as boolean[],
    };
    const sink: PriceSink = {
      tick: (t) => got.ticks.push(t),
      book: (s, bid, ask) => got.books.push([s, bid, ask]),
      depth: (_s, bids) => got.depths.push({ bids }),
      stale: (_s, stale) => got.stale.push(stale),
    };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const src = new BinanceSource({
      url: server.url,
      symbols: ['BTCUSDT', 'ETHUSDT'],
      staleAfterMs: 400,
      log,
      backoffInitialMs: 50,
      random: () => 1,
    });
    src.start(sink);
    await until(() => server.connections.length === 1);
    const url = new URL(server.connections[0]!.url, 'http://x');
    expect(url.searchParams.get('streams')!.split('/')).toEqual([
      'btcusdt@trade',
      'btcusdt@bookTicker',
      'btcusdt@depth20@100ms',
      'ethusdt@trade',
      'ethusdt@bookTicker',
      'ethusdt@depth20@100ms',
    ]);
    server.trade('BTCUSDT', 1, '95012.37000000', '0.01200000', 1_795_000_000_000);
    server.send('btcusdt@bookTicker', {
      u: 1,
      s: 'BTCUSDT',
      b: '95012.36000000',
      B: '1.5',
      a: '95012.38000000',
      A: '2',
    });
    server.send('ethusdt@depth20@100ms', {
      lastUpdateId: 5,
      bids: [
        ['3100.10', '1.000'],
        ['3100.20', '0.5'],
      ],
      asks: [['3100.30', '2']],
    });
    server.send('ethusdt@depth@100ms', {
      e: 'depthUpdate',
      E: 1,
      s: 'ETHUSDT',
      U: 6,
      u: 7,
      b: [['3100.20', '0']],
      a: [],
    });
    server.send('xrpusdt@trade', { e: 'trade', s: 'XRPUSDT', p: '1', q: '1', T: 1 }); // not asked for
    server.current.send('garbage');
    await until(() => got.depths.length === 2);
    expect(got.ticks).toEqual([
      { symbol: 'BTCUSDT', time: 1_795_000_000_000, price: 9_501_237, amount: 1200, side: 'buy', externalId: '1' },
    ]);
    expect(got.books).toEqual([['BTCUSDT', 9_501_236, 9_501_238]]);
    expect(got.depths[0]!.bids).toEqual([
      [310_020, 500],
      [310_010, 1000],
    ]); // best first
    expect(got.depths[1]!.bids).toEqual([[310_010, 1000]]); // the diff removed a level
    expect(src.stats.ignored).toBe(2);

    // The exchange drops the connection: quotes go stale, the adapter reconnects by itself.
    server.current.terminate();
    await until(() => server.connections.length === 2);
    expect(got.stale).toEqual([true]);
    server.trade('ETHUSDT', 2, '3100.25', '1', 1_795_000_001_000, true);
    await until(() => got.ticks.length === 2);
    expect(got.ticks[1]).toMatchObject({ symbol: 'ETHUSDT', side: 'sell' }); // the buyer was the maker: the taker sold
    expect(got.stale).toEqual([true, false]);

    // Silence: after staleAfterMs without a message the connection is replaced.
    // The server sees the new connection before the client's 'open' event fires: wait for both.
    await until(() => server.connections.length === 3 && src.stats.connects === 3);
    expect(got.stale.at(-1)).toBe(true);
    expect(src.stats.connects).toBe(3);
    src.stop();
    await sleep(200);
    expect(server.connections.length).toBe(3); // stopped means stopped: no more reconnects
  });

  it('withholds a symbol the exchange quotes finer than its tick, from exchangeInfo or from a price, instead of rounding', async () => {
    const ticks: { symbol: string; price: number }[] = [];
    const stale: [string[], boolean][] = [];
    const errors: { symbol: string; tickSize?: string; price?: string }[] = [];
    const sink: PriceSink = {
      tick: (t) => ticks.push({ symbol: t.symbol, price: t.price }),
      book: () => undefined,
      depth: () => undefined,
      stale: (symbols, s) => stale.push([[...symbols], s]),
    };
    // EOS's tick on the exchange is 0.00001, finer than its instrument's 0.0001; DOT is not listed (400),
    // so only its prices can tell; BTC's is as fine as its own.
    server.tickSizes = { BTCUSDT: '0.01000000', EOSUSDT: '0.00001000' };
    const before = server.connections.length;
    const src = new BinanceSource({
      url: server.url,
      restUrl: server.restUrl,
      symbols: ['BTCUSDT', 'EOSUSDT', 'DOTUSDT'],
      staleAfterMs: 5000,
      log: { info: () => undefined, warn: () => undefined, error: (o) => errors.push(o as (typeof errors)[number]) },
    });
    src.start(sink);
    await src.tickSizesChecked;
    expect(server.infoAsked).toEqual(expect.arrayContaining(['BTCUSDT', 'EOSUSDT', 'DOTUSDT']));
    expect(Object.fromEntries(src.tickSizes)).toEqual({ BTCUSDT: '0.01000000', EOSUSDT: '0.00001000' });
    expect([...src.withheld]).toEqual(['EOSUSDT']);
    expect(errors).toEqual([expect.objectContaining({ symbol: 'EOSUSDT', tickSize: '0.00001000', priceDecimals: 4 })]);
    expect(stale).toEqual([[['EOSUSDT'], true]]);
    await until(() => server.connections.length === before + 1);
    server.trade('EOSUSDT', 1, '0.49870000', '10', 1_795_000_000_000); // exact, but the symbol is withheld
    server.trade('DOTUSDT', 2, '2.80100000', '1', 1_795_000_000_001);
    server.trade('DOTUSDT', 3, '2.80150000', '1', 1_795_000_000_002); // a price finer than 0.001: withheld, not rounded
    server.trade('DOTUSDT', 4, '2.80200000', '1', 1_795_000_000_003);
    server.trade('BTCUSDT', 5, '95012.37000000', '0.01', 1_795_000_000_004);
    await until(() => ticks.some((x) => x.symbol === 'BTCUSDT'));
    expect(ticks).toEqual([
      { symbol: 'DOTUSDT', price: 2801 },
      { symbol: 'BTCUSDT', price: 9_501_237 },
    ]);
    expect([...src.withheld]).toEqual(['EOSUSDT', 'DOTUSDT']);
    expect(errors[1]).toMatchObject({ symbol: 'DOTUSDT', price: '2.80150000', priceDecimals: 3 });
    expect(stale.at(-1)).toEqual([['DOTUSDT'], true]);
    // The connection drops and comes back: the withheld symbols stay stale.
    server.current.terminate();
    await until(() => server.connections.length === before + 2 && src.stats.connects === 2);
    expect(stale.at(-1)).toEqual([['BTCUSDT'], true]);
    server.trade('BTCUSDT', 6, '95012.38000000', '0.01', 1_795_000_001_000);
    await until(() => stale.some(([, s]) => s === false));
    expect(stale.filter(([, s]) => !s)).toEqual([[['BTCUSDT'], false]]);
    src.stop();
  });
});

describe('PRICE_FEED=binance in the engine', () => {
  let server: ReplayServer;
  let t: TestApp;
  beforeAll(async () => {
    server = new ReplayServer();
    server.tickSizes = Object.fromEntries(
      Object.entries(EXCHANGE_TICK_SIZES).map(([coin, tick]) => [`${coin}USDT`, tick]),
    );
    await listening(server);
    t = await createTestApp({
      env: {
        PRICE_FEED: 'binance',
        BINANCE_WS_URL: server.url,
        BINANCE_REST_URL: server.restUrl,
        BINANCE_STALE_SECONDS: '1',
        MARKET_SEED: '5',
        MARKET_BACKFILL_DAYS: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('quotes crypto from the stream (the rest simulated), stores every tick, builds candles, and shows staleness', async () => {
    setClock(t, '2026-11-18T15:00:00Z');
    const engine = t.app.market.engine;
    await engine.start();
    await engine.backfillDone();
    await until(() => server.connections.length === 1);
    expect(server.connections[0]!.url).toContain('btcusdt@trade');
    expect(server.connections[0]!.url).not.toContain('eurusd');
    await until(() => server.infoAsked.includes('BTCUSDT')); // the tick sizes are read from BINANCE_REST_URL
    const base = Date.parse('2026-11-18T15:00:00Z');
    server.trade('BTCUSDT', 10, '95000.00', '0.10000', base + 1000);
    server.trade('BTCUSDT', 11, '95010.50', '0.20000', base + 20_000);
    server.trade('BTCUSDT', 12, '94990.01', '0.30000', base + 40_000);
    server.send('btcusdt@bookTicker', { u: 2, s: 'BTCUSDT', b: '94990.00', B: '1', a: '94990.02', A: '1' });
    // An uptick, yet the taker sold: Binance's flag wins over the tick rule.
    server.trade('BTCUSDT', 13, '94995.00', '0.05000', base + 61_000, true); // next minute
    await until(() => engine.latest('BTCUSDT')?.time === base + 61_000);
    const trades = (await t.call<RecentTrades>('GET', '/api/market/trades?symbol=BTCUSDT')).data;
    expect(trades).toEqual({
      symbol: 'BTCUSDT',
      trades: [
        { id: 4, price: '94995.00', amount: '0.05000', side: 'sell', time: base + 61_000 },
        { id: 3, price: '94990.01', amount: '0.30000', side: 'buy', time: base + 40_000 },
        { id: 2, price: '95010.50', amount: '0.20000', side: 'buy', time: base + 20_000 },
        { id: 1, price: '95000.00', amount: '0.10000', side: 'buy', time: base + 1000 },
      ],
    });
    const q = (await t.call<Ticker[]>('GET', '/api/market/getMarketPrice?symbol=BTCUSDT')).data[0]!;
    expect(q).toMatchObject({ price: '94995.00', bid: '94990.00', ask: '94990.02', stale: false });
    // EURUSD still comes from the simulator.
    t.clock.advance(5000);
    engine.pump();
    expect(engine.latest('EURUSD')?.source).toBe('simulator');
    setClock(t, base + 64_000);
    engine.pump();
    engine.flushTicksNow();
    await engine.flush();
    const stored = await marketRepo.ticksBetween(t.ctx.db, 'BTCUSDT', base, base + 120_000, 100);
    expect(stored.map((x) => [x.price, x.amount, x.source, x.externalId])).toEqual([
      [9_500_000, 10_000, 'binance', '10'],
      [9_501_050, 20_000, 'binance', '11'],
      [9_499_001, 30_000, 'binance', '12'],
      [9_499_500, 5000, 'binance', '13'],
    ]);
    expect(await engine.tickAtOrBefore('BTCUSDT', base + 30_000)).toMatchObject({
      time: base + 20_000,
      price: '95010.50',
      source: 'binance',
    });
    const [minute] = await marketRepo.candles(t.ctx.db, 'BTCUSDT', '1m', base, base, 1);
    expect(minute).toMatchObject({
      open: 9_500_000,
      high: 9_501_050,
      low: 9_499_001,
      close: 9_499_001,
      volume: 60_000n,
      trades: 3,
      source: 'binance',
      genRef: null,
    });
    const [hour] = await marketRepo.candles(t.ctx.db, 'BTCUSDT', '1h', base, base, 1);
    expect(hour).toMatchObject({ open: 9_500_000, close: 9_499_001, trades: 3 });

    // A restart rebuilds the live minute from the stored ticks.
    const fakeBinance = {
      name: 'binance',
      regenerable: false,
      symbols: ['BTCUSDT'],
      start: () => undefined,
      pump: () => undefined,
      stop: () => undefined,
    };
    const again = newEngine(t, () => [fakeBinance]);
    await again.engine.start();
    expect(again.engine.liveCandle('BTCUSDT', '1m')).toMatchObject({ open: 9_499_500, trades: 1 });
    expect(again.engine.latest('BTCUSDT')).toMatchObject({ price: 9_499_500 });
    await again.engine.stop();

    // Silence marks the quotes stale for every client.
    await until(() => engine.latest('BTCUSDT')?.stale === true);
    expect((await t.call<Ticker[]>('GET', '/api/market/getMarketPrice?symbol=BTCUSDT')).data[0]!.stale).toBe(true);
    await until(() => server.connections.length >= 2);
    server.trade('BTCUSDT', 14, '95001.00', '0.01', base + 70_000);
    await until(() => engine.latest('BTCUSDT')?.stale === false);
  }, 90_000);

  it('drops raw ticks past the retention period', async () => {
    const engine = t.app.market.engine;
    setClock(t, Date.parse('2026-11-18T15:00:00Z') + 8 * 86_400_000);
    await engine.runRetention();
    expect(await marketRepo.ticksBetween(t.ctx.db, 'BTCUSDT', 0, Date.now() + 1e12, 10)).toEqual([]);
  });
});

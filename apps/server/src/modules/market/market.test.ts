import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EPOCH_MS_MAX,
  ERRORS,
  INSTRUMENTS,
  KLINE_MAX_LIMIT,
  TRADES_MAX,
  instrumentOf,
  type Banner,
  type Depth,
  type RecentTrades,
  type InitForestData,
  type InstrumentInfo,
  type KlineResult,
  type Ticker,
  type TradingTime,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { setClock } from './test-helpers';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const M = '/api/market';
const T = (iso: string) => Date.parse(iso);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      MARKET_SEED: '777',
      MARKET_BACKFILL_DAYS: '2',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_DAILY_PER_IP: '1000',
    },
  });
  // Wednesday 2026-11-18 15:00 UTC: New York is open (10:00 EST).
  setClock(t, '2026-11-18T15:00:00Z');
  await t.app.market.engine.start();
  await t.app.market.engine.backfillDone();
  for (let i = 0; i < 90; i++) {
    t.clock.advance(1000);
    t.app.market.engine.pump();
  }
  await t.app.market.engine.flush();
}, 120_000);
afterAll(() => t.close());

const get = <T>(url: string, opts?: Parameters<TestApp['call']>[3]) => t.call<T>('GET', url, undefined, opts);

describe('catalogue and tickers', () => {
  it('lists the five markets with every instrument and its live ticker (initForestData)', async () => {
    const r = await get<InitForestData>(`${M}/initForestData`);
    expect(r.code).toBe(0);
    expect(r.data.markets.map((m) => m.market)).toEqual(['FOREX', 'CFD', 'CRYPTO', 'INDIES', 'STOCK']);
    expect(r.data.markets.flatMap((m) => m.tickers).length).toBe(INSTRUMENTS.length);
    const btc = r.data.markets[2]!.tickers.find((x) => x.symbol === 'BTCUSDT')!;
    expect(btc).toMatchObject({ displaySymbol: 'BTC', market: 'CRYPTO', priceDecimals: 2, open: true, stale: false });
    expect(btc.price).toMatch(/^\d+\.\d{2}$/);
    expect(Number(btc.bid)).toBeLessThan(Number(btc.price));
    expect(Number(btc.ask)).toBeGreaterThan(Number(btc.price));
    expect(Number(btc.high24h)).toBeGreaterThanOrEqual(Number(btc.low24h));
    expect(btc.changePercent24h).toMatch(/^-?\d+\.\d{2}$/);
    expect(Number(btc.change24h)).toBeCloseTo(Number(btc.price) - Number(btc.open24h), 2);
    expect(btc.time).toBeGreaterThan(T('2026-11-18T15:00:00Z'));
  });

  it("answers prices as exact decimal strings with each instrument's tick decimals (decision 0140)", async () => {
    const r = await get<Ticker[]>(`${M}/getMarketPrice`);
    expect(r.data).toHaveLength(INSTRUMENTS.length);
    for (const x of r.data) {
      if (x.price === null) continue;
      const decimals = x.price.split('.')[1]?.length ?? 0;
      expect(decimals, x.symbol).toBe(x.priceDecimals);
      expect(typeof x.volume24h).toBe('string');
    }
    const dec = Object.fromEntries(r.data.map((x) => [x.symbol, x.priceDecimals]));
    expect(dec).toMatchObject({
      BTCUSDT: 2,
      XRPUSDT: 4,
      BCHUSDT: 2, // docs/product.md §9 shows it with 1; the exchange's tick is finer
      EOSUSDT: 4, // §9: 1
      DOTUSDT: 3, // §9: 2
      TRXUSDT: 5,
      DOGEUSDT: 5,
      SANDUSDT: 4,
      EURUSD: 5,
      USDJPY: 3,
    });
    const one = await get<Ticker[]>(`${M}/getMarketPrice?symbol=ethusdt`);
    expect(one.data.map((x) => x.symbol)).toEqual(['ETHUSDT']);
    expect((await get(`${M}/getMarketPrice?symbol=NOPE`)).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await get(`${M}/getMarketPrice?symbol=BTC-USDT`)).code).toBe(code('SYMBOL_UNKNOWN'));
  });

  it('filters by ticker type, and refuses an unknown one', async () => {
    const crypto = await get<Ticker[]>(`${M}/byTypeGetMarketPrice?type=CRYPTO`);
    expect(crypto.data).toHaveLength(21); // the 18 coins of docs/product.md §9 and the wallet coins USDC, HT, BTM
    expect((await get<Ticker[]>(`${M}/byTypeGetMarketPrice?type=SPOT`)).data).toEqual(crypto.data);
    expect((await get<Ticker[]>(`${M}/byTypeGetMarketPrice?type=CONTRACT`)).data).toHaveLength(INSTRUMENTS.length);
    const stocks = await get<Ticker[]>(`${M}/byTypeGetMarketPrice?type=STOCK`);
    expect(stocks.data.map((x) => x.displaySymbol)).toContain('AAPL');
    expect((await get(`${M}/byTypeGetMarketPrice?type=BONDS`)).code).toBe(code('MARKET_TYPE_UNKNOWN'));
    expect((await get(`${M}/byTypeGetMarketPrice`)).code).toBe(code('FIELD_REQUIRED'));
  });

  it('sorts the ticker list by 24 h change for the rise and drop ranking', async () => {
    const r = await get<Ticker[]>(`${M}/getTickerList?type=CRYPTO&sort=change&order=desc`);
    const changes = r.data.map((x) => Number(x.changePercent24h));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect((await get(`${M}/getTickerList?sort=price`)).code).toBe(code('INVALID_PARAMETER'));
    expect((await get<Ticker[]>(`${M}/getTickerList`)).data).toHaveLength(INSTRUMENTS.length);
  });

  it('lists instruments: the forex-contract markets, and by type', async () => {
    const forest = await get<InstrumentInfo[]>(`${M}/getListForestCurrency`);
    expect(new Set(forest.data.map((i) => i.market))).toEqual(new Set(['FOREX', 'CFD', 'INDIES', 'STOCK']));
    const crypto = await get<InstrumentInfo[]>(`${M}/getListCurrencyByType?type=CRYPTO`);
    expect(crypto.data.find((i) => i.symbol === 'BTCUSDT')).toMatchObject({
      displaySymbol: 'BTC',
      priceDecimals: 2,
      amountDecimals: 5,
      icon: '/coins/btc.svg',
      session: 'crypto',
    });
    expect(crypto.data.find((i) => i.symbol === 'SOLUSDT')).toMatchObject({ icon: '', amountDecimals: 2 });
    expect((await get(`${M}/getListCurrencyByType?type=x`)).code).toBe(code('MARKET_TYPE_UNKNOWN'));
  });

  it('searches symbols and names across markets, best matches first', async () => {
    const btc = await get<Ticker[]>(`${M}/search?q=btc`);
    expect(btc.data[0]!.symbol).toBe('BTCUSDT');
    expect(btc.data.map((x) => x.symbol)).toContain('BTCUSDT');
    expect((await get<Ticker[]>(`${M}/search?q=gold`)).data.map((x) => x.symbol)).toEqual(['XAUUSD']);
    expect((await get<Ticker[]>(`${M}/search?q=usd&limit=3`)).data).toHaveLength(3);
    expect((await get<Ticker[]>(`${M}/search?q=zzz`)).data).toEqual([]);
    expect((await get(`${M}/search?q=`)).code).toBe(code('FIELD_REQUIRED'));
    expect((await get(`${M}/search?q=${'a'.repeat(21)}`)).code).toBe(code('INVALID_PARAMETER'));
    expect((await get(`${M}/search?q=a&limit=51`)).code).toBe(code('INVALID_PARAMETER'));
  });
});

describe('depth', () => {
  it('synthesises a book around the price: bids below the ask, best first, bounded levels', async () => {
    const r = await get<Depth>(`${M}/byTypeDepthUpdate?symbol=BTCUSDT&limit=5`);
    expect(r.code).toBe(0);
    expect(r.data.bids).toHaveLength(5);
    expect(r.data.asks).toHaveLength(5);
    const bids = r.data.bids.map(([p]) => Number(p));
    const asks = r.data.asks.map(([p]) => Number(p));
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    expect(bids[0]).toBeLessThan(asks[0]!);
    expect(r.data.bids[0]![1]).toMatch(/^\d+\.\d{5}$/);
    expect((await get<Depth>(`${M}/byTypeDepthUpdate?symbol=BTCUSDT`)).data.bids).toHaveLength(20);
    expect((await get(`${M}/byTypeDepthUpdate?symbol=BTCUSDT&limit=51`)).code).toBe(code('INVALID_PARAMETER'));
    expect((await get(`${M}/byTypeDepthUpdate?symbol=XXX`)).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await get(`${M}/byTypeDepthUpdate`)).code).toBe(code('FIELD_REQUIRED'));
  });
});

describe('recent trades', () => {
  it('answers the newest trades of a symbol, newest first, ids one apart, sides by the tick rule, exact decimals', async () => {
    const r = await get<RecentTrades>(`${M}/trades?symbol=btcusdt`);
    expect(r.code).toBe(0);
    expect(r.data.symbol).toBe('BTCUSDT');
    const trades = r.data.trades;
    expect(trades).toHaveLength(TRADES_MAX);
    const inst = instrumentOf('BTCUSDT')!;
    const ticker = (await get<Ticker[]>(`${M}/getMarketPrice?symbol=BTCUSDT`)).data[0]!;
    expect(trades[0]).toMatchObject({ price: ticker.price, time: ticker.time });
    for (const x of trades) {
      expect(x.price).toMatch(new RegExp(`^\\d+\\.\\d{${inst.priceDecimals}}$`));
      expect(x.amount).toMatch(new RegExp(`^\\d+\\.\\d{${inst.amountDecimals}}$`));
      expect(Number(x.amount)).toBeGreaterThan(0);
    }
    for (let i = 0; i + 1 < trades.length; i++) {
      const [newer, older] = [trades[i]!, trades[i + 1]!];
      expect(newer.id).toBe(older.id + 1);
      expect(newer.time).toBeGreaterThanOrEqual(older.time);
      const up = Number(newer.price) > Number(older.price);
      const down = Number(newer.price) < Number(older.price);
      expect(newer.side, `trade ${newer.id}`).toBe(up ? 'buy' : down ? 'sell' : older.side);
    }
    // Over 90 seconds the simulator's price went both ways.
    expect(new Set(trades.map((x) => x.side))).toEqual(new Set(['buy', 'sell']));
  });

  it('moves on with the ticks: new trades on top, the earlier ones unchanged', async () => {
    const before = (await get<RecentTrades>(`${M}/trades?symbol=ETHUSDT&limit=5`)).data.trades;
    expect(before).toHaveLength(5);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(500);
      t.app.market.engine.pump();
    }
    const after = (await get<RecentTrades>(`${M}/trades?symbol=ETHUSDT`)).data.trades;
    expect(after[0]!.id).toBeGreaterThan(before[0]!.id);
    expect(after[0]!.time).toBeGreaterThan(before[0]!.time);
    expect(after.slice(after[0]!.id - before[0]!.id, after[0]!.id - before[0]!.id + 5)).toEqual(before);
  });

  it('bounds the limit and refuses unknown symbols', async () => {
    expect((await get<RecentTrades>(`${M}/trades?symbol=EURUSD&limit=1`)).data.trades).toHaveLength(1);
    expect((await get<RecentTrades>(`${M}/trades?symbol=EURUSD&limit=${TRADES_MAX}`)).data.trades).toHaveLength(
      TRADES_MAX,
    );
    for (const bad of ['0', '51', '-1', '2.5', 'ten'])
      expect((await get(`${M}/trades?symbol=EURUSD&limit=${bad}`)).code, bad).toBe(code('INVALID_PARAMETER'));
    expect((await get(`${M}/trades?symbol=XXX`)).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await get(`${M}/trades?symbol=BTC-USDT`)).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await get(`${M}/trades`)).code).toBe(code('FIELD_REQUIRED'));
  });
});

describe('candle history', () => {
  it('serves backfilled and live 1m candles, oldest first, the last one live', async () => {
    const now = t.clock.now().getTime();
    const r = await get<KlineResult>(`${M}/kline?symbol=BTCUSDT&interval=1m&limit=100`);
    expect(r.code).toBe(0);
    const c = r.data.candles;
    expect(c).toHaveLength(100);
    for (let i = 1; i < c.length; i++) expect(c[i]!.openTime - c[i - 1]!.openTime).toBe(60_000);
    expect(c.at(-1)!.openTime).toBe(Math.floor(now / 60_000) * 60_000);
    const ticker = (await get<Ticker[]>(`${M}/getMarketPrice?symbol=BTCUSDT`)).data[0]!;
    expect(c.at(-1)!.close).toBe(ticker.price);
    for (const x of c) {
      expect(Number(x.low)).toBeLessThanOrEqual(Math.min(Number(x.open), Number(x.close)));
      expect(Number(x.high)).toBeGreaterThanOrEqual(Math.max(Number(x.open), Number(x.close)));
    }
  });

  it('has every interval, each consistent with the 1m candles it is made of', async () => {
    const from = T('2026-11-17T00:00:00Z');
    const to = T('2026-11-17T23:59:00Z');
    // A range answers its newest `limit` candles: page from the start with `to`.
    const minutes = (
      await get<KlineResult>(`${M}/kline?symbol=ETHUSDT&interval=1m&from=${from}&to=${from + 999 * 60_000}&limit=1000`)
    ).data.candles;
    const minutes2 = (
      await get<KlineResult>(`${M}/kline?symbol=ETHUSDT&interval=1m&from=${from + 1000 * 60_000}&to=${to}&limit=1000`)
    ).data.candles;
    const all = [...minutes, ...minutes2.filter((m) => m.openTime > minutes.at(-1)!.openTime)];
    expect(all).toHaveLength(1440);
    for (const interval of ['5m', '15m', '30m', '1h', '4h', '1d'] as const) {
      const r = (await get<KlineResult>(`${M}/kline?symbol=ETHUSDT&interval=${interval}&from=${from}&to=${to}`)).data
        .candles;
      expect(r.length, interval).toBe(
        1440 / ({ '5m': 5, '15m': 15, '30m': 30, '1h': 60, '4h': 240, '1d': 1440 } as const)[interval],
      );
      const first = r[0]!;
      const end = r[1]?.openTime ?? Infinity;
      const inside = all.filter((m) => m.openTime >= first.openTime && m.openTime < end);
      expect(first.open).toBe(inside[0]!.open);
      expect(first.close).toBe(inside.at(-1)!.close);
      expect(first.high).toBe(inside.map((m) => m.high).sort((a, b) => Number(b) - Number(a))[0]);
      expect(first.trades).toBe(inside.reduce((s, m) => s + m.trades, 0));
    }
    const week = (await get<KlineResult>(`${M}/kline?symbol=ETHUSDT&interval=1w&limit=2`)).data.candles;
    expect(new Date(week.at(-1)!.openTime).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('answers documented errors for bad symbols, intervals and ranges', async () => {
    expect((await get(`${M}/kline?symbol=NOPE&interval=1m`)).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=2m`)).code).toBe(code('INTERVAL_INVALID'));
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&from=200&to=100`)).code).toBe(code('TIME_RANGE_INVALID'));
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&from=-5`)).code).toBe(code('TIME_RANGE_INVALID'));
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&from=abc`)).code).toBe(code('TIME_RANGE_INVALID'));
    // One time format: epoch milliseconds, never ISO 8601; and within the representable range.
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&from=2026-11-18T00:00:00Z`)).code).toBe(
      code('TIME_RANGE_INVALID'),
    );
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&to=${EPOCH_MS_MAX + 1}`)).code).toBe(
      code('TIME_RANGE_INVALID'),
    );
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&limit=${KLINE_MAX_LIMIT + 1}`)).code).toBe(
      code('TIME_RANGE_INVALID'),
    );
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&limit=0`)).code).toBe(code('TIME_RANGE_INVALID'));
    expect((await get(`${M}/kline?interval=1m`)).code).toBe(code('FIELD_REQUIRED'));
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=1m&extra=1`)).code).toBe(code('INVALID_PARAMETER'));
    const r = await get<KlineResult>(`${M}/kline?symbol=BTCUSDT&interval=1m&limit=1000&from=0`);
    expect(r.data.candles.length).toBe(1000);
    const future = await get<KlineResult>(
      `${M}/kline?symbol=BTCUSDT&interval=1h&from=${T('2030-01-01T00:00:00Z')}&to=${T('2030-02-01T00:00:00Z')}`,
    );
    expect(future.data.candles).toEqual([]);
  });

  it('messages errors in the request language', async () => {
    expect((await get(`${M}/kline?symbol=NOPE&interval=1m`, { lang: 'de' })).msg).toBe(
      'Dieses Symbol wird nicht unterstützt',
    );
    expect((await get(`${M}/kline?symbol=BTCUSDT&interval=7m`, { lang: 'jp' })).msg).toBe(
      'サポートされていないチャート間隔です',
    );
  });
});

describe('trading time', () => {
  it('tells whether a market is open and when it next opens and closes', async () => {
    const aapl = await get<TradingTime>('/asset/api/forex/contract/checkTradingTime?symbol=AAPLUSD');
    expect(aapl.data).toEqual({
      symbol: 'AAPLUSD',
      open: true,
      nextOpen: T('2026-11-19T14:30:00Z'),
      nextClose: T('2026-11-18T21:00:00Z'),
      timeZone: 'America/New_York',
      exchange: 'Nasdaq',
      sessionDate: '2026-11-18',
      sessions: [{ open: Date.parse('2026-11-18T14:30:00Z'), close: Date.parse('2026-11-18T21:00:00Z') }],
    });
    // The same instant in Tokyo is after the close: the next TSE day, with its lunch break.
    expect((await get<TradingTime>('/asset/api/forex/contract/checkTradingTime?symbol=JPN225')).data).toMatchObject({
      open: false,
      timeZone: 'Asia/Tokyo',
      exchange: 'TSE',
      sessionDate: '2026-11-19',
      sessions: [
        { open: Date.parse('2026-11-19T00:00:00Z'), close: Date.parse('2026-11-19T02:30:00Z') },
        { open: Date.parse('2026-11-19T03:30:00Z'), close: Date.parse('2026-11-19T06:30:00Z') },
      ],
    });
    expect((await get<TradingTime>('/asset/api/forex/contract/checkTradingTime?symbol=btcusdt')).data).toEqual({
      symbol: 'BTCUSDT',
      open: true,
      nextOpen: null,
      nextClose: null,
      timeZone: 'UTC',
      exchange: 'Crypto',
      sessionDate: null,
      sessions: [],
    });
    expect((await get('/asset/api/forex/contract/checkTradingTime?symbol=NOPE')).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await get('/asset/api/forex/contract/checkTradingTime')).code).toBe(code('FIELD_REQUIRED'));
  });
});

describe('favourites', () => {
  const F = '/asset/api/favorite';

  it('need a login', async () => {
    expect((await t.post(`${F}/list`)).code).toBe(301);
    expect((await t.post(`${F}/insert`, { symbol: 'BTCUSDT' })).code).toBe(301);
  });

  it('are per user, idempotent, in the order added, with live tickers', async () => {
    const u = await registerByEmail(t);
    const v = await registerByEmail(t);
    const as = (x: { token: string }) => ({ token: x.token });
    for (const s of ['ETHUSDT', 'eurusd', 'ETHUSDT', 'AAPLUSD'])
      expect((await t.post(`${F}/insert`, { symbol: s }, as(u))).code).toBe(0);
    const list = await t.post<Ticker[]>(`${F}/list`, undefined, as(u));
    expect(list.data.map((x) => x.symbol)).toEqual(['ETHUSDT', 'EURUSD', 'AAPLUSD']);
    expect(list.data[0]!.price).toMatch(/^\d+\.\d{2}$/);
    expect((await t.post<{ favorite: boolean }>(`${F}/isFavorite`, { symbol: 'EURUSD' }, as(u))).data).toEqual({
      symbol: 'EURUSD',
      favorite: true,
    });
    expect((await t.post<{ favorite: boolean }>(`${F}/isFavorite`, { symbol: 'EURUSD' }, as(v))).data.favorite).toBe(
      false,
    );
    expect((await t.post<Ticker[]>(`${F}/list`, undefined, as(v))).data).toEqual([]);
    expect((await t.post(`${F}/delete`, { symbol: 'EURUSD' }, as(u))).code).toBe(0);
    expect((await t.post(`${F}/delete`, { symbol: 'EURUSD' }, as(u))).code).toBe(0);
    expect((await t.post<Ticker[]>(`${F}/list`, undefined, as(u))).data.map((x) => x.symbol)).toEqual([
      'ETHUSDT',
      'AAPLUSD',
    ]);
  });

  it('refuse unknown symbols, bad bodies, and more than the limit', async () => {
    const u = await registerByEmail(t);
    const as = { token: u.token };
    expect((await t.post(`${F}/insert`, { symbol: 'NOPE' }, as)).code).toBe(code('SYMBOL_UNKNOWN'));
    expect((await t.post(`${F}/insert`, {}, as)).code).toBe(code('FIELD_REQUIRED'));
    expect((await t.post(`${F}/insert`, { symbol: 'BTCUSDT', x: 1 }, as)).code).toBe(code('INVALID_PARAMETER'));
    expect((await t.post(`${F}/isFavorite`, { symbol: 5 }, as)).code).toBe(code('SYMBOL_UNKNOWN'));
    // Every instrument fits under the limit (200); the limit itself is checked at the service.
    for (const i of INSTRUMENTS) expect((await t.post(`${F}/insert`, { symbol: i.symbol }, as)).code).toBe(0);
    expect((await t.post<Ticker[]>(`${F}/list`, undefined, as)).data).toHaveLength(INSTRUMENTS.length);
  });
});

describe('banners', () => {
  it('lists the shipped banners with titles in the request language', async () => {
    const en = await get<Banner[]>('/asset/api/banner/list');
    expect(en.data.length).toBeGreaterThanOrEqual(3);
    expect(en.data[0]).toMatchObject({
      id: 1,
      title: 'No deposit or withdrawal fees for your first 3 months',
      image: '/banners/welcome.svg',
    });
    const zh = await get<Banner[]>('/asset/api/banner/list?position=home', { lang: 'zh' });
    expect(zh.data[0]!.title).toBe('新用户前3个月免充值和提现手续费');
    const quote = await get<Banner[]>('/asset/api/banner/list?position=quote');
    expect(quote.data.map((b) => b.id)).toEqual([2, 4]);
    expect((await get('/asset/api/banner/list?position=top')).code).toBe(code('INVALID_PARAMETER'));
  });

  it('gives every banner that signs visitors up another place for members to go', async () => {
    const { data } = await get<Banner[]>('/asset/api/banner/list');
    const signUp = data.filter((b) => b.link.startsWith('/pages/register'));
    expect(signUp.length).toBeGreaterThan(0);
    for (const b of signUp) expect(b.memberLink, `banner ${b.id}`).toMatch(/^\/pages\/(?!register|login)/);
    expect(data.find((b) => b.id === 1)?.memberLink).toBe('/pages/recharge/index');
  });
});

describe('recorded ticks', () => {
  it('tickAtOrBefore answers the latest quote at now, and exact decimals', async () => {
    const now = t.clock.now().getTime();
    const tick = await t.app.market.service.tickAtOrBefore('BTCUSDT', now);
    const ticker = (await get<Ticker[]>(`${M}/getMarketPrice?symbol=BTCUSDT`)).data[0]!;
    expect(tick).toMatchObject({ symbol: 'BTCUSDT', price: ticker.price, time: ticker.time, source: 'simulator' });
    // A question about the future is answered for now, never with a future tick.
    expect(await t.app.market.service.tickAtOrBefore('BTCUSDT', now + 3_600_000)).toEqual(tick);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/market/initForestData',
        '/api/market/getMarketPrice',
        '/api/market/byTypeDepthUpdate',
        '/api/market/byTypeGetMarketPrice',
        '/api/market/getTickerList',
        '/api/market/getListForestCurrency',
        '/api/market/getListCurrencyByType',
        '/api/market/kline',
        '/api/market/search',
        '/api/market/trades',
        '/asset/api/favorite/list',
        '/asset/api/favorite/isFavorite',
        '/asset/api/favorite/insert',
        '/asset/api/favorite/delete',
        '/asset/api/banner/list',
        '/asset/api/forex/contract/checkTradingTime',
      ]),
    );
  });
});

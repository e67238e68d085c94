import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import WebSocket from 'ws';
import {
  ERRORS,
  INSTRUMENTS,
  WS_MAX_SUBSCRIPTIONS,
  WS_TRADES_PER_MESSAGE,
  type RecentTrades,
  type Trade,
  type WsServerMessage,
  type WsTick,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { setClock } from './test-helpers';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
type Msg = WsServerMessage & Record<string, unknown>;

/** A test client: records every message (batches expanded) and waits for the ones it needs. */
class Client {
  readonly ws: WebSocket;
  readonly messages: Msg[] = [];
  readonly frames: Buffer[] = [];
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.ws.once('close', (c) => resolve(c)));
    this.ws.on('message', (data: Buffer) => {
      this.frames.push(data);
      const m = JSON.parse(data.toString()) as Msg;
      if (m.eventType === 'batch') this.messages.push(...(m.data as Msg[]));
      else this.messages.push(m);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  async waitFor(pred: (m: Msg) => boolean, timeoutMs = 3000): Promise<Msg> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  /** Sends and waits for the control reply carrying this requestId. */
  async request(m: Record<string, unknown>): Promise<Msg> {
    const requestId = `r${Math.random().toString(36).slice(2)}`;
    this.send({ ...m, requestId });
    return this.waitFor((x) => x.requestId === requestId);
  }

  count(pred: (m: Msg) => boolean): number {
    return this.messages.filter(pred).length;
  }

  close(): void {
    this.ws.close();
  }
}

let t: TestApp;
let base: string;
const clients: Client[] = [];
async function connect(query = `id=c${clients.length}`): Promise<Client> {
  const c = new Client(`${base}?${query}`);
  clients.push(c);
  await c.opened;
  return c;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Moves the market on by a few seconds and lets a flush go out. */
async function tickFor(seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    t.clock.advance(250);
    t.app.market.engine.pump();
  }
  await sleep(80);
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      MARKET_SEED: '99',
      MARKET_BACKFILL_DAYS: '0',
      WS_FLUSH_MS: '10',
      WS_HEARTBEAT_MS: '300',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  setClock(t, '2026-11-18T15:00:00Z');
  await t.app.market.engine.start();
  await t.app.market.engine.backfillDone();
  await tickFor(2);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${addr.port}/ws`;
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await t.close();
});

describe('connecting', () => {
  it('welcomes a client with its id; refuses one without a valid id', async () => {
    const c = await connect('id=abc-123');
    const w = await c.waitFor((m) => m.eventType === 'welcome');
    expect(w).toMatchObject({ msg: 'success', id: 'abc-123', maxSubscriptions: WS_MAX_SUBSCRIPTIONS });
    const bad = new Client(`${base}?id=${'x'.repeat(65)}`);
    clients.push(bad);
    const err = await bad.waitFor((m) => m.eventType === 'error');
    expect(err.code).toBe(code('INVALID_PARAMETER'));
    expect(await bad.closed).toBe(1008);
  });
});

describe('subscriptions', () => {
  it("general: a market's tickers at once, then live updates; control replies carry msg, data messages do not", async () => {
    const c = await connect();
    const reply = await c.request({ methodType: 'SUBSCRIBE', channel: 'general', market: 'CRYPTO' });
    expect(reply).toMatchObject({ eventType: 'subscribed', msg: 'success', channel: 'general', market: 'CRYPTO' });
    await c.waitFor((m) => m.eventType === 'ticker' && (m.data as WsTick).symbol === 'BTMUSDT');
    const snapshot = new Set(c.messages.filter((m) => m.eventType === 'ticker').map((m) => (m.data as WsTick).symbol));
    expect(snapshot.size).toBe(21);
    const before = c.messages.length;
    await tickFor(2);
    // Each pump moved every symbol; the flush after them sends each one's newest value once.
    const updated = () =>
      new Set(
        c.messages
          .slice(before)
          .filter((m) => m.eventType === 'ticker')
          .map((m) => (m.data as WsTick).symbol),
      ).size;
    await c.waitFor(() => updated() >= 15);
    const tick = c.messages.filter((m) => m.eventType === 'ticker').at(-1)!;
    expect(tick).not.toHaveProperty('msg');
    expect((tick.data as WsTick).price).toMatch(/^\d+\.\d+$/);
    // Volume in both units, as the HTTP ticker has them: the quote list shows the quote-currency one live.
    expect((tick.data as WsTick).volume24h).toMatch(/^\d+(\.\d+)?$/);
    expect((tick.data as WsTick).quoteVolume24h).toMatch(/^\d+\.\d{2}$/);
    expect(
      c.messages.every(
        (m) =>
          m.eventType !== 'ticker' ||
          INSTRUMENTS.find((i) => i.symbol === (m.data as WsTick).symbol)!.market === 'CRYPTO',
      ),
    ).toBe(true);
  });

  it("realtime: one symbol's price and depth; chart: its candles of one interval", async () => {
    const c = await connect();
    expect(await c.request({ methodType: 'SUBSCRIBE', channel: 'realtime', currency: 'btcusdt' })).toMatchObject({
      eventType: 'subscribed',
      currency: 'BTCUSDT',
    });
    expect(
      await c.request({ methodType: 'SUBSCRIBE', channel: 'chart', currency: 'ETHUSDT', interval: '5m' }),
    ).toMatchObject({ eventType: 'subscribed', interval: '5m' });
    await tickFor(2);
    await c.waitFor((m) => m.eventType === 'depth');
    const depth = c.messages.find((m) => m.eventType === 'depth')!.data as { symbol: string; bids: string[][] };
    expect(depth.symbol).toBe('BTCUSDT');
    expect(depth.bids.length).toBe(20);
    const kline = (await c.waitFor((m) => m.eventType === 'kline')).data as {
      symbol: string;
      interval: string;
      openTime: number;
      closed: boolean;
    };
    expect(kline).toMatchObject({ symbol: 'ETHUSDT', interval: '5m', closed: false });
    expect(kline.openTime % 300_000).toBe(0);
    expect(
      c.messages.filter((m) => m.eventType === 'ticker').every((m) => (m.data as WsTick).symbol === 'BTCUSDT'),
    ).toBe(true);
  });

  it("trades: one symbol's newest trades at once, then live ones with increasing ids, the same as over HTTP", async () => {
    const c = await connect();
    expect(await c.request({ methodType: 'SUBSCRIBE', channel: 'trades', currency: 'solusdt' })).toMatchObject({
      eventType: 'subscribed',
      channel: 'trades',
      currency: 'SOLUSDT',
    });
    const first = (await c.waitFor((m) => m.eventType === 'trades')).data as RecentTrades;
    expect(first.symbol).toBe('SOLUSDT');
    expect(first.trades.length).toBeGreaterThan(0);
    expect(first.trades.length).toBeLessThanOrEqual(WS_TRADES_PER_MESSAGE);
    const http = await t.call<RecentTrades>('GET', `/api/market/trades?symbol=SOLUSDT&limit=${WS_TRADES_PER_MESSAGE}`);
    expect(http.data).toEqual(first);
    const newestBefore = first.trades[0]!.id;
    await tickFor(3);
    await c.waitFor((m) => m.eventType === 'trades' && (m.data as RecentTrades).trades[0]!.id > newestBefore + 3);
    // Merged by id, the messages are one unbroken run of trades: every flush covered what came since the last.
    const seen = new Map<number, Trade>();
    for (const m of c.messages)
      if (m.eventType === 'trades') for (const x of (m.data as RecentTrades).trades) seen.set(x.id, x);
    const ids = [...seen.keys()].sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i));
    for (const m of c.messages.filter((x) => x.eventType === 'trades')) {
      const list = (m.data as RecentTrades).trades;
      expect(list.length).toBeLessThanOrEqual(WS_TRADES_PER_MESSAGE);
      expect(list.map((x) => x.id)).toEqual(list.map((_x, i) => list[0]!.id - i)); // newest first, no gaps
    }
    const latest = (await t.call<RecentTrades>('GET', '/api/market/trades?symbol=SOLUSDT&limit=1')).data.trades[0]!;
    expect(seen.get(latest.id)).toEqual(latest);
    expect(c.messages.every((m) => m.eventType !== 'ticker' && m.eventType !== 'depth')).toBe(true);
  });

  it('trades: several trades between two flushes arrive in one message; a symbol is required and must exist', async () => {
    const c = await connect();
    await c.request({ methodType: 'SUBSCRIBE', channel: 'trades', currency: 'DOTUSDT' });
    await c.waitFor((m) => m.eventType === 'trades');
    await sleep(30);
    const n = c.count((m) => m.eventType === 'trades');
    const trade = (id: number): Trade => ({ id, price: '1.0000', amount: '1.0', side: 'buy', time: id });
    for (const id of [1_000_001, 1_000_002, 1_000_003])
      t.app.market.bus.publish({ type: 'trade', symbol: 'DOTUSDT', trade: trade(id) });
    t.app.market.hub.flush();
    const m = await c.waitFor((x) => x.eventType === 'trades' && (x.data as RecentTrades).trades[0]!.id === 1_000_003);
    expect((m.data as RecentTrades).trades.slice(0, 3).map((x) => x.id)).toEqual([1_000_003, 1_000_002, 1_000_001]);
    expect(c.count((x) => x.eventType === 'trades')).toBe(n + 1);
    expect(await c.request({ methodType: 'SUBSCRIBE', channel: 'trades' })).toMatchObject({
      eventType: 'error',
      code: code('WS_MESSAGE_INVALID'),
    });
    expect(await c.request({ methodType: 'SUBSCRIBE', channel: 'trades', currency: 'NOPE' })).toMatchObject({
      eventType: 'error',
      code: code('SYMBOL_UNKNOWN'),
    });
  });

  it('unsubscribe stops the feed; unsubscribing twice is fine', async () => {
    const c = await connect();
    // What MARKET_SIM_DEPTH_MS asks before it refreshes a book.
    expect(t.app.market.hub.watched('depth:XRPUSDT')).toBe(false);
    await c.request({ methodType: 'SUBSCRIBE', channel: 'realtime', currency: 'XRPUSDT' });
    expect(t.app.market.hub.watched('depth:XRPUSDT')).toBe(true);
    await tickFor(1);
    await c.waitFor((m) => m.eventType === 'ticker');
    expect(await c.request({ methodType: 'UNSUBSCRIBE', channel: 'realtime', currency: 'XRPUSDT' })).toMatchObject({
      eventType: 'unsubscribed',
      msg: 'success',
    });
    expect(await c.request({ methodType: 'UNSUBSCRIBE', channel: 'realtime', currency: 'XRPUSDT' })).toMatchObject({
      eventType: 'unsubscribed',
    });
    expect(t.app.market.hub.watched('depth:XRPUSDT')).toBe(false);
    await sleep(50);
    const n = c.count((m) => m.eventType === 'ticker' || m.eventType === 'depth');
    await tickFor(3);
    expect(c.count((m) => m.eventType === 'ticker' || m.eventType === 'depth')).toBe(n);
  });

  it('answers bad messages with an error and keeps the connection', async () => {
    const c = await connect('id=bad&lang=fr');
    c.send('not json');
    expect(await c.waitFor((m) => m.eventType === 'error')).toMatchObject({
      code: code('WS_MESSAGE_INVALID'),
      msg: 'Message de socket non valide',
    });
    const cases: [unknown, keyof typeof ERRORS][] = [
      [{ methodType: 'DANCE' }, 'WS_MESSAGE_INVALID'],
      [{ methodType: 'SUBSCRIBE' }, 'WS_MESSAGE_INVALID'],
      [{ methodType: 'SUBSCRIBE', channel: 'realtime' }, 'WS_MESSAGE_INVALID'],
      [{ methodType: 'SUBSCRIBE', channel: 'realtime', currency: 'NOPE' }, 'SYMBOL_UNKNOWN'],
      [{ methodType: 'SUBSCRIBE', channel: 'chart', currency: 'BTCUSDT', interval: '3m' }, 'WS_MESSAGE_INVALID'],
      [{ methodType: 'SUBSCRIBE', channel: 'general', extra: true }, 'WS_MESSAGE_INVALID'],
      [{ methodType: 'SUBSCRIBE', channel: 'openOrders' }, 'SESSION_EXPIRED'],
      [{ methodType: 'SUBSCRIBE', channel: 'openOrders', token: 'nope' }, 'SESSION_EXPIRED'],
      [[1, 2, 3], 'WS_MESSAGE_INVALID'],
    ];
    for (const [m, key] of cases) {
      const requestId = `q${Math.random()}`.slice(0, 20);
      c.send(Array.isArray(m) ? m : { ...(m as object), requestId });
      const err = Array.isArray(m)
        ? await c.waitFor(
            (x) => x.eventType === 'error' && c.messages.indexOf(x) > 0 && !('requestId' in x) && x.code === code(key),
          )
        : await c.waitFor((x) => x.requestId === requestId);
      expect(err, JSON.stringify(m)).toMatchObject({ eventType: 'error', code: code(key) });
      await sleep(60); // stay under the per-second message limit
    }
    c.send(JSON.stringify({ methodType: 'PING', requestId: 'x'.repeat(5000) }));
    expect(await c.waitFor((m) => m.code === code('WS_MESSAGE_TOO_LARGE'))).toMatchObject({
      msg: 'Le message de socket est trop volumineux',
    });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await sleep(50);
    expect(await c.request({ methodType: 'PING' })).toMatchObject({ eventType: 'pong', msg: 'success' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('limits subscriptions per connection, and messages per second', async () => {
    const c = await connect();
    const symbols = INSTRUMENTS.map((i) => i.symbol);
    for (let i = 0; i < WS_MAX_SUBSCRIPTIONS; i++) {
      c.send({
        methodType: 'SUBSCRIBE',
        channel: 'realtime',
        currency: symbols[i % symbols.length],
        ...(i >= symbols.length ? { channel: 'chart', interval: '1h' } : {}),
      });
      if (i % 15 === 14) await sleep(1100);
    }
    await sleep(1100);
    await c.waitFor(() => c.count((m) => m.eventType === 'subscribed') === WS_MAX_SUBSCRIPTIONS, 5000);
    const over = await c.request({ methodType: 'SUBSCRIBE', channel: 'general' });
    expect(over).toMatchObject({
      eventType: 'error',
      code: code('WS_SUBSCRIPTION_LIMIT'),
      msg: `Too many subscriptions on this connection (at most ${WS_MAX_SUBSCRIPTIONS})`,
    });
    // Re-subscribing to something held is idempotent, not a new subscription.
    expect(await c.request({ methodType: 'SUBSCRIBE', channel: 'realtime', currency: symbols[0] })).toMatchObject({
      eventType: 'subscribed',
    });
    await sleep(1100);
    for (let i = 0; i < 30; i++) c.send({ methodType: 'PING' });
    await c.waitFor((m) => m.code === code('TOO_MANY_REQUESTS'));
    await sleep(300);
    expect(c.count((m) => m.code === code('TOO_MANY_REQUESTS'))).toBe(1);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  }, 20_000);

  it("open orders need a live session and deliver only the user's own events", async () => {
    const u = await registerByEmail(t);
    const v = await registerByEmail(t);
    const cu = await connect();
    const cv = await connect();
    expect(await cu.request({ methodType: 'SUBSCRIBE', channel: 'openOrders', token: u.token })).toMatchObject({
      eventType: 'subscribed',
      channel: 'openOrders',
    });
    await cv.request({ methodType: 'SUBSCRIBE', channel: 'openOrders', token: v.token });
    const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
    const userId = row!.id;
    t.app.market.publishToUser(userId, { type: 'order', id: 7, status: 'open' });
    expect((await cu.waitFor((m) => m.eventType === 'orders')).data).toEqual({ type: 'order', id: 7, status: 'open' });
    await sleep(100);
    expect(cv.count((m) => m.eventType === 'orders')).toBe(0);
    // Logging out ends the feed at the next heartbeat.
    await t.post('/asset/api/user/logout', undefined, { token: u.token });
    expect(await cu.waitFor((m) => m.eventType === 'error' && m.code === 301, 3000)).toBeTruthy();
    t.app.market.publishToUser(userId, { type: 'order', id: 8 });
    await sleep(200);
    expect(cu.count((m) => m.eventType === 'orders')).toBe(1);
  });
});

describe('open orders across reconnects', () => {
  it('resumes from lastEventId with exactly the missed events, each with its id; a resync when the bus no longer holds them', async () => {
    const u = await registerByEmail(t);
    const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
    const userId = row!.id;
    const other = await registerByEmail(t);
    const [otherRow] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, other.email));
    const orders = (c: Client) => c.messages.filter((m) => m.eventType === 'orders');
    const c1 = await connect();
    await c1.request({ methodType: 'SUBSCRIBE', channel: 'openOrders', token: u.token });
    await t.app.market.publishToUser(userId, { n: 1 });
    const first = await c1.waitFor((m) => m.eventType === 'orders');
    expect(first).toMatchObject({ data: { n: 1 }, id: expect.any(Number) });
    c1.ws.close();
    await c1.closed;
    // Missed while away: two of the user's and one of another user's.
    await t.app.market.publishToUser(userId, { n: 2 });
    await t.app.market.publishToUser(otherRow!.id, { n: 99 });
    await t.app.market.publishToUser(userId, { n: 3 });
    const c2 = await connect();
    await c2.request({ methodType: 'SUBSCRIBE', channel: 'openOrders', token: u.token, lastEventId: first.id });
    await t.app.market.publishToUser(userId, { n: 4 });
    await c2.waitFor((m) => m.eventType === 'orders' && (m.data as { n: number }).n === 4);
    await sleep(200);
    expect(orders(c2).map((m) => m.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    const ids = orders(c2).map((m) => m.id as number);
    expect(ids.every((id, i) => id > (i ? ids[i - 1]! : (first.id as number)))).toBe(true);
    // An id this bus never gave (another process's, before a restart): reload.
    const c3 = await connect();
    await c3.request({ methodType: 'SUBSCRIBE', channel: 'openOrders', token: u.token, lastEventId: 10 ** 12 });
    expect((await c3.waitFor((m) => m.eventType === 'orders')).data).toEqual({ type: 'resync' });
  });
});

describe('fan-out', () => {
  it('encodes an update once for all its subscribers, who get the same bytes', async () => {
    const a = await connect();
    const b = await connect();
    for (const c of [a, b])
      await c.request({ methodType: 'SUBSCRIBE', channel: 'chart', currency: 'LTCUSDT', interval: '1d' });
    await sleep(50);
    const spy = vi.spyOn(JSON, 'stringify');
    const kline = (openTime: number) => ({
      symbol: 'LTCUSDT',
      interval: '1d' as const,
      openTime,
      open: '1',
      high: '1',
      low: '1',
      close: '1',
      volume: '1',
      quoteVolume: '1',
      trades: 1,
      closed: false,
    });
    // Three updates before a flush: only the newest is encoded, once, for both subscribers.
    for (const openTime of [-1, 0, 1])
      t.app.market.bus.publish({ type: 'kline', symbol: 'LTCUSDT', interval: '1d', kline: kline(openTime) });
    t.app.market.hub.flush();
    const calls = spy.mock.calls.length;
    spy.mockRestore();
    expect(calls).toBe(1);
    await a.waitFor((m) => m.eventType === 'kline' && (m.data as { openTime: number }).openTime === 1);
    await b.waitFor((m) => m.eventType === 'kline' && (m.data as { openTime: number }).openTime === 1);
    expect(a.frames.at(-1)!.equals(b.frames.at(-1)!)).toBe(true);
    expect(a.count((m) => m.eventType === 'kline' && (m.data as { openTime: number }).openTime <= 0)).toBe(0);
  });

  it('gives a slow client the newest value per subscription, never a growing queue', async () => {
    // A client that reads nothing is dropped after two heartbeats (tested below); on a loaded
    // machine filling its buffers takes longer than that, so the heartbeat waits for this test.
    const heartbeat = vi
      .spyOn(t.app.market.hub as unknown as { heartbeat(): Promise<void> }, 'heartbeat')
      .mockResolvedValue();
    onTestFinished(() => heartbeat.mockRestore());
    const slow = await connect('id=slow');
    await slow.request({ methodType: 'SUBSCRIBE', channel: 'general' });
    await sleep(50);
    // The client stops reading: the kernel buffers fill, then the server's socket buffer.
    (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const hub = t.app.market.hub;
    const skippedBefore = hub.stats.skippedSlow;
    const filler = 'x'.repeat(2000);
    let last = 0;
    for (let round = 1; round <= 1500; round++) {
      for (const inst of INSTRUMENTS.slice(0, 20)) {
        const tick: WsTick = {
          symbol: inst.symbol,
          price: String(round),
          bid: filler,
          ask: '0',
          change24h: null,
          changePercent24h: null,
          high24h: null,
          low24h: null,
          volume24h: '0',
          quoteVolume24h: '0',
          time: round,
          stale: false,
          complete24h: true,
        };
        t.app.market.bus.publish({ type: 'tick', symbol: inst.symbol, tick });
      }
      last = round;
      hub.flush();
      if (hub.stats.skippedSlow > skippedBefore + 20) break;
      if (round % 50 === 0) await sleep(5);
    }
    const info = hub.connectionInfo().find((c) => c.id === 'slow')!;
    expect(hub.stats.skippedSlow).toBeGreaterThan(skippedBefore);
    // Bounded: at most the high-water mark plus one frame waits in the server's buffer.
    expect(info.bufferedAmount).toBeLessThan(256 * 1024 + 20 * 2200 + 1024);
    expect(info.pendingTopics).toBeLessThanOrEqual(INSTRUMENTS.length);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const newest = (s: string) =>
      slow.waitFor(
        () =>
          slow.messages.some(
            (m) =>
              m.eventType === 'ticker' && (m.data as WsTick).symbol === s && (m.data as WsTick).price === String(last),
          ),
        10_000,
      );
    for (const inst of INSTRUMENTS.slice(0, 20)) await newest(inst.symbol);
    const received = slow.count((m) => m.eventType === 'ticker' && (m.data as WsTick).bid === filler);
    expect(received).toBeLessThan(last * 20); // coalesced: many intermediate values never sent
    expect(slow.ws.readyState).toBe(WebSocket.OPEN);
  }, 30_000);
});

describe('heartbeat', () => {
  it('closes a connection that stops answering pings, keeps one that answers', async () => {
    const alive = await connect();
    const dead = await connect();
    // A paused socket reads no ping, so it sends no pong.
    (dead.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = t.app.market.hub.connectionCount;
    await sleep(1200);
    expect(t.app.market.hub.connectionInfo().some((c) => c.id === dead.ws.url.split('id=')[1])).toBe(false);
    expect(t.app.market.hub.connectionCount).toBeLessThan(before);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    expect(await alive.request({ methodType: 'PING' })).toMatchObject({ eventType: 'pong' });
  });
});

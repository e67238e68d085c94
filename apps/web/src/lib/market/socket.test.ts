import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WsServerMessage, WsTick } from '@app/contract';
import {
  CONNECT_TIMEOUT_MS,
  MarketSocket,
  RECONNECT_MAX_MS,
  belongsTo,
  clientId,
  isDataMessage,
  marketSocketUrl,
  reconnectDelayMs,
  streamKey,
  unwrapMessages,
  type DataMessage,
  type SocketLike,
} from './socket';
import { mergeTicks } from './ticks';

const tick = (symbol: string, price: string, time = 1): WsTick => ({
  symbol,
  price,
  bid: price,
  ask: price,
  change24h: '0',
  changePercent24h: '0.00',
  high24h: price,
  low24h: price,
  volume24h: '1',
  quoteVolume24h: '1',
  time,
  stale: false,
  complete24h: true,
});
const tickMsg = (symbol: string, price = '1.00'): DataMessage => ({ eventType: 'ticker', data: tick(symbol, price) });

describe('routing', () => {
  it('keys streams as the server does', () => {
    expect(streamKey({ channel: 'general' })).toBe('general:ALL');
    expect(streamKey({ channel: 'general', market: 'FOREX' })).toBe('general:FOREX');
    expect(streamKey({ channel: 'realtime', currency: 'BTCUSDT' })).toBe('realtime:BTCUSDT');
    expect(streamKey({ channel: 'chart', currency: 'BTCUSDT', interval: '5m' })).toBe('chart:BTCUSDT:5m');
    expect(streamKey({ channel: 'trades', currency: 'BTCUSDT' })).toBe('trades:BTCUSDT');
    expect(streamKey({ channel: 'openOrders', token: 't' })).toBe('openOrders');
  });

  it('unwraps batches and tells data from control replies', () => {
    const batch = { eventType: 'batch', data: [tickMsg('BTCUSDT'), tickMsg('EURUSD')] };
    expect(unwrapMessages(batch).map((m) => (m as DataMessage & { eventType: 'ticker' }).data.symbol)).toEqual([
      'BTCUSDT',
      'EURUSD',
    ]);
    expect(unwrapMessages('nonsense')).toEqual([]);
    const control: WsServerMessage = { eventType: 'subscribed', msg: 'success', channel: 'general' };
    expect(isDataMessage(control)).toBe(false);
    expect(isDataMessage(tickMsg('BTCUSDT'))).toBe(true);
  });

  it('sends a tick to the general stream of its market and to its own realtime stream only', () => {
    const btc = tickMsg('BTCUSDT');
    expect(belongsTo({ channel: 'general' }, btc)).toBe(true);
    expect(belongsTo({ channel: 'general', market: 'CRYPTO' }, btc)).toBe(true);
    expect(belongsTo({ channel: 'general', market: 'FOREX' }, btc)).toBe(false);
    expect(belongsTo({ channel: 'realtime', currency: 'BTCUSDT' }, btc)).toBe(true);
    expect(belongsTo({ channel: 'realtime', currency: 'ETHUSDT' }, btc)).toBe(false);
    const kline = { eventType: 'kline', data: { symbol: 'BTCUSDT', interval: '1m' } } as DataMessage;
    expect(belongsTo({ channel: 'chart', currency: 'BTCUSDT', interval: '1m' }, kline)).toBe(true);
    expect(belongsTo({ channel: 'chart', currency: 'BTCUSDT', interval: '5m' }, kline)).toBe(false);
    const trades: DataMessage = { eventType: 'trades', data: { symbol: 'BTCUSDT', trades: [] } };
    expect(isDataMessage(trades)).toBe(true);
    expect(belongsTo({ channel: 'trades', currency: 'BTCUSDT' }, trades)).toBe(true);
    expect(belongsTo({ channel: 'trades', currency: 'ETHUSDT' }, trades)).toBe(false);
    expect(belongsTo({ channel: 'realtime', currency: 'BTCUSDT' }, trades)).toBe(false);
    expect(belongsTo({ channel: 'realtime', currency: 'BTCUSDT' }, kline)).toBe(false);
  });

  it('backs off exponentially up to a ceiling, with jitter in the upper half', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(3, () => 1)).toBe(8000);
    expect(reconnectDelayMs(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('makes ids the server accepts and URLs of the page origin', () => {
    expect(clientId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(clientId()).not.toBe(clientId());
    expect(marketSocketUrl({ protocol: 'https:', host: 'x.test' }, 'a1', 'zh-HK')).toBe(
      'wss://x.test/ws?id=a1&lang=zh-HK',
    );
    expect(marketSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'a1', 'en')).toBe(
      'ws://127.0.0.1:8080/ws?id=a1&lang=en',
    );
  });

  it('keeps the newest tick per symbol and the direction of the last move', () => {
    let quotes = mergeTicks(new Map(), [tick('BTCUSDT', '100.00', 1)]);
    expect(quotes.get('BTCUSDT')?.direction).toBeNull();
    quotes = mergeTicks(quotes, [tick('BTCUSDT', '101.00', 2), tick('BTCUSDT', '100.50', 3)]);
    expect(quotes.get('BTCUSDT')).toMatchObject({ direction: 'down', tick: { price: '100.50' } });
    quotes = mergeTicks(quotes, [tick('BTCUSDT', '100.50', 4), tick('BTCUSDT', '99.00', 2)]);
    expect(quotes.get('BTCUSDT')).toMatchObject({ direction: 'down', tick: { time: 4 } });
  });
});

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.call(this as unknown as WebSocket, { data: JSON.stringify(message) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onerror?.call(this as unknown as WebSocket, new Event('error'));
    this.onclose?.call(this as unknown as WebSocket, new Event('close') as CloseEvent);
  }
}

describe('MarketSocket', () => {
  let sockets: FakeSocket[];
  let socket: MarketSocket;
  const last = () => sockets.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    let n = 0;
    socket = new MarketSocket({
      url: () => `ws://test/ws?id=${++n}`,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      random: () => 1,
    });
  });
  afterEach(() => {
    socket.dispose();
    vi.useRealTimers();
  });

  it('subscribes on open, delivers unwrapped data to the right listeners', () => {
    const general: DataMessage[] = [];
    const forex: DataMessage[] = [];
    socket.subscribe({ channel: 'general', market: 'CRYPTO' }, { onData: (m) => general.push(m) });
    socket.subscribe({ channel: 'general', market: 'FOREX' }, { onData: (m) => forex.push(m) });
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().sent.map((m) => [m.methodType, m.market])).toEqual([
      ['SUBSCRIBE', 'CRYPTO'],
      ['SUBSCRIBE', 'FOREX'],
    ]);
    last().receive({ eventType: 'batch', data: [tickMsg('BTCUSDT'), tickMsg('EURUSD')] });
    expect(general).toHaveLength(1);
    expect(forex).toHaveLength(1);
    expect(socket.closed).toBe(false);
  });

  it('an error only sets the closed flag; the close reconnects with backoff and re-subscribes', () => {
    const onReconnect = vi.fn();
    socket.subscribe({ channel: 'realtime', currency: 'BTCUSDT' }, { onData: () => undefined, onReconnect });
    last().open();
    const first = last();
    first.onerror?.call(first as unknown as WebSocket, new Event('error'));
    expect(socket.closed).toBe(true);
    expect(sockets).toHaveLength(1);
    first.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // the second attempt fails too: the wait doubles
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().sent[0]).toMatchObject({ methodType: 'SUBSCRIBE', channel: 'realtime', currency: 'BTCUSDT' });
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('resumes open orders after a reconnect from the id of the last order event', () => {
    const got: DataMessage[] = [];
    socket.subscribe({ channel: 'openOrders', token: 't' }, { onData: (m) => got.push(m) });
    last().open();
    expect(last().sent[0]).not.toHaveProperty('lastEventId');
    last().receive({
      eventType: 'batch',
      data: [
        { eventType: 'orders', data: { kind: 'spot' }, id: 41 },
        { eventType: 'orders', data: { kind: 'spot' }, id: 42 },
      ],
    });
    expect(got).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent[0]).toMatchObject({
      methodType: 'SUBSCRIBE',
      channel: 'openOrders',
      token: 't',
      lastEventId: 42,
    });
    // Another session's feed starts afresh.
    socket.subscribe({ channel: 'openOrders', token: 'u' }, { onData: () => undefined });
    expect(last().sent.at(-1)).toEqual({
      methodType: 'SUBSCRIBE',
      channel: 'openOrders',
      token: 'u',
      requestId: 'openOrders',
    });
  });

  it('recovers a stream silent for more than 3 s by subscribing again, then drops a dead connection', () => {
    socket.subscribe({ channel: 'realtime', currency: 'BTCUSDT' }, { onData: () => undefined });
    last().open();
    last().sent = [];
    vi.advanceTimersByTime(3000);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(last().sent.map((m) => m.methodType)).toEqual(['UNSUBSCRIBE', 'SUBSCRIBE', 'PING']);
    // Data keeps it quiet.
    last().sent = [];
    for (let i = 0; i < 5; i++) {
      last().receive(tickMsg('BTCUSDT'));
      vi.advanceTimersByTime(1000);
    }
    expect(last().sent).toEqual([]);
    // Nothing at all for three periods: the connection is replaced.
    vi.advanceTimersByTime(9000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(sockets.length).toBeGreaterThan(1);
  });

  it('abandons an attempt that does not open within the socket timeout', () => {
    socket.subscribe({ channel: 'general' }, { onData: () => undefined });
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000 + 1000);
    expect(sockets).toHaveLength(2);
  });

  it('calls a registered recovery function instead of the default', () => {
    const recover = vi.fn();
    socket.subscribe({ channel: 'chart', currency: 'BTCUSDT', interval: '1m' }, { onData: () => undefined, recover });
    last().open();
    vi.advanceTimersByTime(4000);
    expect(recover).toHaveBeenCalledTimes(1);
    expect(typeof recover.mock.calls[0]![0]).toBe('function');
  });

  it('stops recovering a refused stream', () => {
    const onError = vi.fn();
    socket.subscribe({ channel: 'realtime', currency: 'NOPE' }, { onData: () => undefined, onError });
    last().open();
    last().receive({ eventType: 'error', msg: 'This symbol is not supported', code: 1401, requestId: 'realtime:NOPE' });
    expect(onError).toHaveBeenCalledWith(1401, 'This symbol is not supported');
    last().sent = [];
    vi.advanceTimersByTime(5000);
    expect(last().sent).toEqual([]);
  });

  it('unsubscribes after the last listener leaves and closes when idle; a quick return costs nothing', () => {
    const stop = socket.subscribe({ channel: 'general' }, { onData: () => undefined });
    last().open();
    last().sent = [];
    stop();
    const again = socket.subscribe({ channel: 'general' }, { onData: () => undefined });
    vi.advanceTimersByTime(1000);
    expect(last().sent).toEqual([]);
    again();
    vi.advanceTimersByTime(1000);
    expect(last().sent[0]).toMatchObject({ methodType: 'UNSUBSCRIBE', channel: 'general' });
    expect(socket.streamCount).toBe(0);
    expect(last().readyState).toBe(3);
  });
});

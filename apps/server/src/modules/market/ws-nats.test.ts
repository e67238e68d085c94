/**
 * Order events across processes: two market hubs, each on its own NatsBus (two "processes" on
 * the real NATS JetStream at 127.0.0.1:4222): an event published once reaches a client of each
 * with the same id, and a client moving to the other hub resumes from its last id.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { NatsBus } from '../cluster';
import { InProcessBus } from './bus';
import { MarketHub } from './ws-hub';
import { serviceMissing } from '../../../test/services';

const URL = process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';
const prefix = `tws${randomBytes(4).toString('hex')}`;
const log = { warn: () => undefined };

interface Node {
  bus: NatsBus;
  hub: MarketHub;
  server: WebSocketServer;
  url: string;
}

async function node(name: string): Promise<Node> {
  const bus = await NatsBus.connect({ url: URL, prefix, name });
  const hub = new MarketHub(
    {
      bus: new InProcessBus(),
      users: bus,
      authenticate: (token) => Promise.resolve(token === 'user-5' ? 5 : null),
      snapshot: () => undefined,
      now: () => Date.now(),
      log,
    },
    { flushMs: 20, heartbeatMs: 60_000, maxConnections: 100 },
  );
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (ws, req) => hub.accept(ws, req));
  await new Promise((r) => server.once('listening', r));
  return {
    bus,
    hub,
    server,
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws?id=c${randomBytes(3).toString('hex')}`,
  };
}

type Msg = { eventType: string; data?: unknown; id?: number; requestId?: string };

async function client(url: string, lastEventId?: number): Promise<{ ws: WebSocket; orders: Msg[] }> {
  const ws = new WebSocket(url);
  const orders: Msg[] = [];
  let subscribed!: () => void;
  const ready = new Promise<void>((r) => (subscribed = r));
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as Msg;
    for (const x of m.eventType === 'batch' ? (m.data as Msg[]) : [m]) {
      if (x.eventType === 'orders') orders.push(x);
      if (x.eventType === 'subscribed') subscribed();
    }
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(
    JSON.stringify({
      methodType: 'SUBSCRIBE',
      channel: 'openOrders',
      token: 'user-5',
      ...(lastEventId !== undefined ? { lastEventId } : {}),
    }),
  );
  await ready;
  return { ws, orders };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(serviceMissing('NATS'))('order events across two processes (NatsBus)', () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    a = await node('hub-a');
    b = await node('hub-b');
  });
  afterAll(async () => {
    for (const n of [a, b]) {
      if (!n) continue;
      n.hub.close();
      await new Promise((r) => n.server.close(r));
    }
    await a?.bus.deleteStreams();
    await a?.bus.close();
    await b?.bus.close();
  });

  it('an event published once reaches a client on each node with the same id; a client moving node resumes from it', async () => {
    const ca = await client(a.url);
    const cb = await client(b.url);
    await a.bus.publishUserEvent({ outboxId: 1, userId: 5, event: { n: 1 } });
    await a.bus.publishUserEvent({ outboxId: 1, userId: 5, event: { n: 1 } }); // a relay's second publish
    await until(() => ca.orders.length >= 1 && cb.orders.length >= 1);
    expect(ca.orders).toEqual(cb.orders);
    expect(ca.orders).toEqual([{ eventType: 'orders', data: { n: 1 }, id: expect.any(Number) }]);
    // The client of node a loses it; events come meanwhile; it reconnects to node b.
    ca.ws.close();
    await b.bus.publishUserEvent({ outboxId: 2, userId: 5, event: { n: 2 } });
    await a.bus.publishUserEvent({ outboxId: 3, userId: 6, event: { n: 99 } });
    await a.bus.publishUserEvent({ outboxId: 4, userId: 5, event: { n: 3 } });
    const moved = await client(b.url, ca.orders[0]!.id);
    await until(() => moved.orders.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(moved.orders.map((m) => m.data)).toEqual([{ n: 2 }, { n: 3 }]);
    await until(() => cb.orders.length >= 3);
    expect(moved.orders).toEqual(cb.orders.slice(1));
    moved.ws.close();
    cb.ws.close();
  }, 30_000);
});

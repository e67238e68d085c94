/**
 * NatsBus against the real NATS JetStream at 127.0.0.1:4222 (docs/testing.md "Services"): two buses stand
 * for two processes. Each run uses its own prefix and deletes its streams at the end.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsBus } from './bus-nats';
import type { UserEventDelivery } from './types';
import { serviceMissing } from '../../../test/services';

const URL = process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';
const prefix = `t${randomBytes(4).toString('hex')}`;

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(serviceMissing('NATS'))('NatsBus (JetStream)', () => {
  let a: NatsBus;
  let b: NatsBus;
  const gotA: UserEventDelivery[] = [];
  const gotB: UserEventDelivery[] = [];

  beforeAll(async () => {
    a = await NatsBus.connect({ url: URL, prefix, name: 'test-a' });
    b = await NatsBus.connect({ url: URL, prefix, name: 'test-b' });
    a.onUserEvent((e) => gotA.push(e));
    b.onUserEvent((e) => gotB.push(e));
  });

  afterAll(async () => {
    await a?.deleteStreams();
    await a?.close();
    await b?.close();
  });

  it('delivers every user event to both processes in the same order with the same ids; a re-publish is not delivered twice', async () => {
    expect(a.status()).toEqual({ kind: 'nats', connected: true });
    await a.publishUserEvent({ outboxId: 1, userId: 7, event: { n: 1 } });
    await b.publishUserEvent({ outboxId: 2, userId: 8, event: { n: 2 } });
    await a.publishUserEvent({ outboxId: 3, userId: 7, event: { n: 3 } });
    await b.publishUserEvent({ outboxId: 1, userId: 7, event: { n: 1 } }); // the relay's second publish
    await until(() => gotA.length >= 3 && gotB.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(gotA.map((e) => e.event)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(gotA).toEqual(gotB);
    expect(gotA.map((e) => e.userId)).toEqual([7, 8, 7]);
    expect(gotA[0]!.seq).toBeLessThan(gotA[1]!.seq);
    expect(gotA[1]!.seq).toBeLessThan(gotA[2]!.seq);
  });

  it('userEventsSince returns exactly the events of the user after a sequence', async () => {
    const first = gotA[0]!.seq;
    expect(await a.userEventsSince(7, first)).toEqual([gotA[2]]);
    expect(await b.userEventsSince(7, first - 1)).toEqual([gotA[0], gotA[2]]);
    expect(await a.userEventsSince(8, gotA[2]!.seq)).toEqual([]);
    expect(await a.userEventsSince(9, first - 1)).toEqual([]);
    // Beyond the stream's end: an id this stream never gave.
    expect(await a.userEventsSince(7, gotA[2]!.seq + 1000)).toBeNull();
  });

  it('keeps the feed order over 1,000 messages', async () => {
    const feedA: unknown[] = [];
    const feedB: unknown[] = [];
    const offA = a.onFeed((m) => feedA.push(m));
    const offB = b.onFeed((m) => feedB.push(m));
    for (let i = 0; i < 1000; i++) a.publishFeed({ i });
    await until(() => feedA.length >= 1000 && feedB.length >= 1000, 20_000);
    const want = Array.from({ length: 1000 }, (_, i) => ({ i }));
    expect(feedA).toEqual(want);
    expect(feedB).toEqual(want);
    offA();
    offB();
  });

  it('brings a signal to both processes', async () => {
    let na = 0;
    let nb = 0;
    a.onSignal('notice', () => na++);
    b.onSignal('notice', () => nb++);
    // Subscriptions reach the server with the next flush.
    await a.nc.flush();
    await b.nc.flush();
    b.publishSignal('notice');
    await until(() => na === 1 && nb === 1);
  });
});

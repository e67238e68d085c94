import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { NatsBus } from '../cluster';
import { node, settle, SYMBOLS, view } from './follower-testing';
import { pumpUntil, setClock } from './test-helpers';
import { serviceMissing } from '../../../test/services';

const T = (iso: string) => Date.parse(iso);
const same = (x: unknown, y: unknown) =>
  JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ===
  JSON.stringify(y, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

describe.skipIf(serviceMissing('NATS'))('engine and followers over NATS JetStream', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MARKET_SEED: '778', MARKET_BACKFILL_DAYS: '0' } });
  });
  afterAll(() => t.close());

  it('two processes on their own NatsBus see the same market', async () => {
    const url = process.env.BUS_URL ?? 'nats://127.0.0.1:4222';
    const prefix = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const busA = await NatsBus.connect({ url, prefix, log: t.ctx.log });
    const busB = await NatsBus.connect({ url, prefix, log: t.ctx.log });
    setClock(t, '2026-12-04T10:00:00.000Z');
    const a = node(t, busA);
    const b = node(t, busB);
    await b.follow();
    await a.roleWork({ timers: false }).start();
    pumpUntil(t, a.engine, T('2026-12-04T10:02:30Z'), 400);
    await settle(a, b);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !same(view(b, 'BTCUSDT'), view(a, 'BTCUSDT')))
      await new Promise((r) => setTimeout(r, 100));
    for (const s of SYMBOLS) expect(view(b, s), s).toEqual(view(a, s));
    await a.close();
    await b.close();
    await busA.close();
    await busB.close();
  }, 60_000);
});

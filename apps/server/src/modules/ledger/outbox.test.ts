import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrderEvent } from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { createLedger, OutboxRelay, writeOutbox, type UserEventSink } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
});
afterAll(() => t.close());

/** A sink that records what it is given. */
function recorder(): UserEventSink & { got: { outboxId: number; userId: number; event: unknown }[] } {
  const got: { outboxId: number; userId: number; event: unknown }[] = [];
  return {
    got,
    publishUserEvent: (e) => {
      got.push(e);
      return Promise.resolve();
    },
  };
}

const outboxRows = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`
  SELECT id::int AS id, event, published_at FROM user_event_outbox WHERE user_id = ${userId} ORDER BY id`),
  );

const event = (n: number) => ({ kind: 'spot', order: { id: n } }) as unknown as OrderEvent;

describe('the order-event outbox', () => {
  it("writes a command's events in its transaction, publishes them after the commit by row id, and marks them published", async () => {
    const userId = await userIdByEmail(t, (await registerByEmail(t)).email);
    const sink = recorder();
    const money = createLedger(t.ctx, sink).money;
    await money.run({
      userId: null,
      step: async (m) => {
        m.publish(userId, event(1));
        m.publish(userId, event(2));
        // Not yet on the bus while the transaction is open.
        expect(sink.got).toEqual([]);
        return 1;
      },
    });
    const rows = await outboxRows(userId);
    expect(rows.map((r) => r.event)).toEqual([event(1), event(2)]);
    expect(sink.got).toEqual(rows.map((r) => ({ outboxId: r.id, userId, event: r.event })));
    await new Promise((r) => setTimeout(r, 10));
    await money.outbox.flush();
    expect((await outboxRows(userId)).every((r) => r.published_at !== null)).toBe(true);
  });

  it("publishes nothing and writes no row when the command's transaction fails", async () => {
    const userId = await userIdByEmail(t, (await registerByEmail(t)).email);
    const sink = recorder();
    const money = createLedger(t.ctx, sink).money;
    await expect(
      money.run({
        userId: null,
        step: (m) => {
          m.publish(userId, event(3));
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect(sink.got).toEqual([]);
    expect(await outboxRows(userId)).toEqual([]);
  });

  it('publishes a row its process left unpublished exactly once, however many relays run at once', async () => {
    const userId = await userIdByEmail(t, (await registerByEmail(t)).email);
    const old = new Date(t.ctx.clock.now().getTime() - 60_000);
    const [row] = await t.ctx.db.transaction((tx) => writeOutbox(tx, old, [[userId, event(4)]]));
    const sink = recorder();
    const relays = [new OutboxRelay(t.ctx, sink), new OutboxRelay(t.ctx, sink)];
    await Promise.all(relays.map((r) => r.runOnce()));
    expect(sink.got.filter((e) => e.outboxId === row!.id)).toEqual([{ outboxId: row!.id, userId, event: event(4) }]);
    expect((await outboxRows(userId))[0]!.published_at).not.toBeNull();
    await Promise.all(relays.map((r) => r.runOnce()));
    expect(sink.got.filter((e) => e.outboxId === row!.id)).toHaveLength(1);
  });

  it('leaves a fresh unpublished row to its own process', async () => {
    const userId = await userIdByEmail(t, (await registerByEmail(t)).email);
    await t.ctx.db.transaction((tx) => writeOutbox(tx, t.ctx.clock.now(), [[userId, event(5)]]));
    const sink = recorder();
    await new OutboxRelay(t.ctx, sink, { graceMs: 60_000 }).runOnce();
    expect(sink.got.filter((e) => e.userId === userId)).toEqual([]);
  });

  it('purges published rows older than a day, never an unpublished one', async () => {
    const userId = await userIdByEmail(t, (await registerByEmail(t)).email);
    const longAgo = new Date(t.ctx.clock.now().getTime() - 2 * 24 * 3600_000);
    const [published, recent, waiting] = await t.ctx.db.transaction((tx) =>
      writeOutbox(tx, longAgo, [
        [userId, event(6)],
        [userId, event(7)],
        [userId, event(8)],
      ]),
    );
    await t.ctx.db.execute(
      sql`UPDATE user_event_outbox SET published_at = ${longAgo.toISOString()}::timestamptz WHERE id = ${published!.id}`,
    );
    await t.ctx.db.execute(
      sql`UPDATE user_event_outbox SET published_at = ${t.ctx.clock.now().toISOString()}::timestamptz WHERE id = ${recent!.id}`,
    );
    await new OutboxRelay(t.ctx, recorder()).purge();
    expect((await outboxRows(userId)).map((r) => r.id)).toEqual([recent!.id, waiting!.id]);
  });
});

import { describe, expect, it } from 'vitest';
import { LocalBus } from './bus-local';
import type { UserEventDelivery } from './types';

describe('LocalBus', () => {
  it('delivers user events once each with increasing ids, resumes from the ring, and answers null past it', async () => {
    const bus = new LocalBus(undefined, 4);
    const got: UserEventDelivery[] = [];
    bus.onUserEvent((e) => got.push(e));
    await bus.publishUserEvent({ outboxId: 10, userId: 1, event: 'a' });
    await bus.publishUserEvent({ outboxId: 11, userId: 2, event: 'b' });
    await bus.publishUserEvent({ outboxId: 10, userId: 1, event: 'a' });
    await bus.publishUserEvent({ outboxId: 12, userId: 1, event: 'c' });
    expect(got).toEqual([
      { seq: 1, userId: 1, event: 'a' },
      { seq: 2, userId: 2, event: 'b' },
      { seq: 3, userId: 1, event: 'c' },
    ]);
    expect(await bus.userEventsSince(1, 1)).toEqual([got[2]]);
    expect(await bus.userEventsSince(1, 0)).toEqual([got[0], got[2]]);
    expect(await bus.userEventsSince(1, 3)).toEqual([]);
    expect(await bus.userEventsSince(1, 9)).toBeNull();
    for (let i = 0; i < 4; i++) await bus.publishUserEvent({ outboxId: 20 + i, userId: 3, event: i });
    expect(await bus.userEventsSince(1, 1)).toBeNull();
    expect(await bus.userEventsSince(3, 3)).toHaveLength(4);
  });

  it('carries feed messages and signals to this process', () => {
    const bus = new LocalBus();
    const feed: unknown[] = [];
    let signals = 0;
    bus.onFeed((m) => feed.push(m));
    const off = bus.onSignal('notice', () => signals++);
    bus.publishFeed(1);
    bus.publishSignal('notice');
    off();
    bus.publishSignal('notice');
    expect(feed).toEqual([1]);
    expect(signals).toBe(1);
  });
});

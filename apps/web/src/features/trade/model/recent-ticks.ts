import type { WsTick } from '@app/contract';
import { nextDirection, type PriceDirection } from '../../../lib/market';

export interface RecentTick {
  /** Stable per print (the memoised row's key): the feed's time and a sequence number. */
  key: string;
  time: number;
  price: string;
  direction: PriceDirection;
}

/**
 * The latest prints, newest first, after a batch of ticks (oldest first, as they arrived): a tick
 * older than the newest print, or repeating it, is dropped; the list keeps `keep` prints. Prints
 * already shown keep their objects, so their rows do not render again.
 */
export function appendTicks(previous: readonly RecentTick[], batch: readonly WsTick[], keep: number, nextKey: (tick: WsTick) => string): readonly RecentTick[] {
  let last = previous[0];
  const added: RecentTick[] = [];
  for (const tick of batch) {
    if (last && tick.time < last.time) continue;
    if (last && tick.time === last.time && tick.price === last.price) continue;
    const next: RecentTick = { key: nextKey(tick), time: tick.time, price: tick.price, direction: nextDirection(last?.price, tick.price, last?.direction ?? null) };
    added.unshift(next);
    last = next;
  }
  return added.length === 0 ? previous : [...added, ...previous].slice(0, keep);
}

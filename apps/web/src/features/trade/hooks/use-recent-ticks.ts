import { useEffect, useRef, useState } from 'react';
import type { WsTick } from '@app/contract';
import { nextDirection, useMarketStream, type PriceDirection } from '../../../lib/market';

/** Prints kept in the list. */
const KEEP = 30;
/** Ticks are collected and rendered at most this often (a fast feed repaints 4 times a second). */
const RENDER_EVERY_MS = 250;

export interface RecentTick {
  /** Stable per print: the feed's time and a sequence number (two prints may share a millisecond). */
  key: string;
  time: number;
  price: string;
  direction: PriceDirection;
}

/**
 * One instrument's latest price prints from its realtime channel, newest first (the desktop
 * dashboard's "latest prices" panel). The market module publishes ticks, not individual trades
 * with sizes (docs/decisions.md "Desktop dashboard"), so this is the stream of last prices.
 */
export function useRecentTicks(symbol: string): RecentTick[] {
  const pending = useRef<WsTick[]>([]);
  const seq = useRef(0);
  const [ticks, setTicks] = useState<RecentTick[]>([]);

  useMarketStream(
    { channel: 'realtime', currency: symbol },
    {
      onData: (m) => {
        if (m.eventType === 'ticker' && m.data.symbol === symbol) pending.current.push(m.data);
      },
    },
  );

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (pending.current.length === 0) return;
      const batch = pending.current;
      pending.current = [];
      setTicks((previous) => {
        let last = previous[0];
        const added: RecentTick[] = [];
        for (const tick of batch) {
          if (last && tick.time < last.time) continue;
          if (last && tick.time === last.time && tick.price === last.price) continue;
          const next: RecentTick = {
            key: `${tick.time}-${seq.current++}`,
            time: tick.time,
            price: tick.price,
            direction: nextDirection(last?.price, tick.price, last?.direction ?? null),
          };
          added.unshift(next);
          last = next;
        }
        return added.length === 0 ? previous : [...added, ...previous].slice(0, KEEP);
      });
    }, RENDER_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);

  return ticks;
}

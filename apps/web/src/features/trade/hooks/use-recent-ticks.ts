import { useEffect, useRef, useState } from 'react';
import type { WsTick } from '@app/contract';
import { useMarketStream } from '../../../lib/market';
import { appendTicks, type RecentTick } from '../model/recent-ticks';

/** Prints kept in the list. */
const KEEP = 30;
/** Ticks are collected and rendered at most this often (a fast feed repaints 4 times a second). */
const RENDER_EVERY_MS = 250;

export type { RecentTick };

/**
 * One instrument's latest price prints from its realtime channel, newest first (the desktop
 * dashboard's "latest prices" panel). The market module publishes ticks, not individual trades
 * with sizes (docs/decisions.md "Desktop dashboard"), so this is the stream of last prices.
 */
export function useRecentTicks(symbol: string): readonly RecentTick[] {
  const pending = useRef<WsTick[]>([]);
  const seq = useRef(0);
  const [ticks, setTicks] = useState<readonly RecentTick[]>([]);

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
      setTicks((previous) => appendTicks(previous, batch, KEEP, (tick) => `${tick.time}-${seq.current++}`));
    }, RENDER_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);

  return ticks;
}

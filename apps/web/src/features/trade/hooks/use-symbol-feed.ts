import { useState } from 'react';
import type { Depth, Ticker } from '@app/contract';
import { applyTick, nextDirection, useMarketStream, type PriceDirection } from '../../../lib/market';
import { useTicker } from '../api/get-ticker';

export interface SymbolFeed {
  /** The ticker with live price and 24 h statistics; null until either source answered. */
  ticker: Ticker | null;
  direction: PriceDirection;
  depth: Depth | null;
}

interface LiveState {
  ticker: Ticker | null;
  direction: PriceDirection;
  depth: Depth | null;
}

/**
 * One instrument's live price, 24 h statistics and depth: the HTTP ticker first, then the
 * realtime channel on the symbol's own connection (docs/product.md §7 "Sockets": the `realtime` channel).
 * The HTTP ticker is asked for once `snapshotEnabled` (the trade chart page: once it has painted).
 */
export function useSymbolFeed(symbol: string, snapshotEnabled = true): SymbolFeed {
  const snapshot = useTicker(symbol, snapshotEnabled);
  const [live, setLive] = useState<LiveState>({ ticker: null, direction: null, depth: null });

  useMarketStream(
    { channel: 'realtime', currency: symbol },
    {
      onData: (m) => {
        if (m.eventType === 'depth' && m.data.symbol === symbol) setLive((s) => ({ ...s, depth: m.data }));
        if (m.eventType !== 'ticker' || m.data.symbol !== symbol) return;
        const tick = m.data;
        setLive((s) => {
          const base = s.ticker ?? snapshot.data;
          if (!base) return s;
          return { ...s, ticker: applyTick(base, tick), direction: nextDirection(base.price, tick.price, s.direction) };
        });
      },
    },
  );

  const ticker = live.ticker?.symbol === symbol ? live.ticker : (snapshot.data ?? null);
  const depth = live.depth?.symbol === symbol ? live.depth : null;
  return { ticker, direction: live.ticker?.symbol === symbol ? live.direction : null, depth };
}

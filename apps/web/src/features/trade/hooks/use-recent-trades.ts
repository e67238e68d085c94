import { useEffect, useRef, useState } from 'react';
import type { Trade } from '@app/contract';
import { useMarketStream } from '../../../lib/market';
import { useRecentTradesSnapshot } from '../api/get-recent-trades';
import { mergeTrades } from '../model/recent-trades';

/** Trades kept in the list (the panel shows what fits and clips the rest). */
const KEEP = 30;
/** Live trades are collected and rendered at most this often (a fast symbol repaints 4 times a second). */
const RENDER_EVERY_MS = 250;

/**
 * One instrument's recent trades, newest first (the desktop dashboard's "Recent trades" panel):
 * the HTTP snapshot, then the `trades` channel on the symbol's connection, merged by trade id
 * (docs/market-data.md "Recent trades"). After a reconnect the list starts again from a fresh
 * snapshot: the server may have restarted, and its trade ids with it.
 */
export function useRecentTrades(symbol: string): readonly Trade[] {
  const snapshot = useRecentTradesSnapshot(symbol);
  const pending = useRef<Trade[]>([]);
  const [list, setList] = useState<{ symbol: string; trades: readonly Trade[] }>({ symbol, trades: [] });
  const { refetch } = snapshot;

  const merge = (incoming: readonly Trade[]) =>
    setList((s) => {
      const previous = s.symbol === symbol ? s.trades : [];
      const trades = mergeTrades(previous, incoming, KEEP);
      return s.symbol === symbol && trades === previous ? s : { symbol, trades };
    });

  useMarketStream(
    { channel: 'trades', currency: symbol },
    {
      onData: (m) => {
        if (m.eventType === 'trades' && m.data.symbol === symbol) pending.current.push(...m.data.trades);
      },
      onReconnect: () => {
        pending.current = [];
        setList({ symbol, trades: [] });
        void refetch();
      },
    },
  );

  const data = snapshot.data;
  useEffect(() => {
    if (data?.symbol === symbol) merge(data.trades);
    // `merge` is rebuilt per render; it depends on `symbol` only.
  }, [data, symbol]);

  useEffect(() => {
    pending.current = [];
    const timer = window.setInterval(() => {
      if (pending.current.length === 0) return;
      const batch = pending.current;
      pending.current = [];
      merge(batch);
    }, RENDER_EVERY_MS);
    return () => window.clearInterval(timer);
    // `merge` is rebuilt per render; it depends on `symbol` only.
  }, [symbol]);

  return list.symbol === symbol ? list.trades : [];
}

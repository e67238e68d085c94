import { useEffect, useMemo, useRef, useState } from 'react';
import type { Market, Ticker, WsTick } from '@app/contract';
import { mergeTicks, withLiveQuote, type LiveQuote, type LiveTicker } from './ticks';
import { useMarketStream } from './use-market-stream';

/** Ticks are collected and rendered at most this often: a list repaints 4 times a second, not per tick. */
const RENDER_EVERY_MS = 250;

/**
 * `tickers` (from an HTTP request) kept live by the general feed of `market` (null: every
 * market), each with the direction of its last move.
 */
export function useLiveTickers(tickers: readonly Ticker[] | undefined, market: Market | null): LiveTicker[] {
  const pending = useRef<WsTick[]>([]);
  const [quotes, setQuotes] = useState<ReadonlyMap<string, LiveQuote>>(() => new Map());

  useMarketStream(market ? { channel: 'general', market } : { channel: 'general' }, {
    onData: (m) => {
      if (m.eventType === 'ticker') pending.current.push(m.data);
    },
  });

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (pending.current.length === 0) return;
      const batch = pending.current;
      pending.current = [];
      setQuotes((previous) => mergeTicks(previous, batch));
    }, RENDER_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Rows whose ticker and quote did not change keep their object, so memoised rows skip rendering.
  const cache = useRef(new Map<string, { ticker: Ticker; quote: LiveQuote | undefined; live: LiveTicker }>());
  return useMemo(() => {
    const next = new Map<string, { ticker: Ticker; quote: LiveQuote | undefined; live: LiveTicker }>();
    const list = (tickers ?? []).map((ticker) => {
      const quote = quotes.get(ticker.symbol);
      const hit = cache.current.get(ticker.symbol);
      const live = hit && hit.ticker === ticker && hit.quote === quote ? hit.live : withLiveQuote(ticker, quote);
      next.set(ticker.symbol, { ticker, quote, live });
      return live;
    });
    cache.current = next;
    return list;
  }, [tickers, quotes]);
}

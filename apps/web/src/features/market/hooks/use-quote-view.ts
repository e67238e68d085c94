import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Market, Ticker } from '@app/contract';
import { useLiveTickers, type LiveTicker } from '../../../lib/market';
import { storedQuoteGroup, storeQuoteGroup } from '../../../lib/market/quote-group';
import { parseQuoteTab, type QuoteTab } from '../model/quote-view';
import { keepOrder, sortTickers, type TickerSort } from '../model/sort-tickers';

/**
 * The quote page's tab and sort. The tab is in the URL (a reload, the way back from a chart) and
 * kept for the session (coming back from the tab bar, whose link names no tab).
 */
export function useQuoteView() {
  const [params, setParams] = useSearchParams();
  const tab = parseQuoteTab(params.get('tab'), storedQuoteGroup());
  useEffect(() => storeQuoteGroup(tab), [tab]);
  const [sort, setSort] = useState<TickerSort | null>(null);
  const setTab = (next: QuoteTab) => setParams({ tab: next }, { replace: true });
  return { tab, setTab, sort, setSort };
}

/**
 * A quote list kept live by the general feed of `market` (null: every market) and, when sorted,
 * in the order of its live figures: a row whose change moves past another's moves with it (sorting
 * only the snapshot left "ascending" out of order until the next snapshot). While `held` (a finger
 * or the mouse is down on the list) the rows keep their places. Undefined while loading.
 */
export function useSortedLiveTickers(
  tickers: Ticker[] | undefined,
  sort: TickerSort | null,
  market: Market | null,
  held = false,
): LiveTicker[] | undefined {
  const live = useLiveTickers(tickers, market);
  const order = useRef<readonly string[]>([]);
  const sorted = useMemo(() => {
    if (!tickers) return undefined;
    return held ? keepOrder(live, order.current) : sortTickers(live, sort);
  }, [tickers, live, sort, held]);
  useEffect(() => {
    if (sorted) order.current = sorted.map((t) => t.symbol);
  }, [sorted]);
  return sorted;
}

/**
 * Whether a pointer is down on an element (a finger on a list, a mouse button pressed): true from
 * its pointerdown until the pointer or touch ends anywhere in the window (a scroll by finger
 * cancels the pointer but not the touch).
 */
export function usePointerHeld(): [boolean, { onPointerDown: () => void }] {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!held) return;
    const release = (event: Event) => {
      // A touch that turned into a scroll cancels its pointer: the finger is still there.
      if (event.type === 'pointercancel') return;
      setHeld(false);
    };
    const events = ['pointerup', 'pointercancel', 'touchend', 'touchcancel'] as const;
    for (const e of events) window.addEventListener(e, release);
    return () => {
      for (const e of events) window.removeEventListener(e, release);
    };
  }, [held]);
  return [held, { onPointerDown: () => setHeld(true) }];
}

import type { Trade } from '@app/contract';

/**
 * The recent trades, newest first, after `incoming` (the HTTP snapshot or a websocket message,
 * in whichever order they arrive): merged by id, since a message repeats the trades of the
 * previous ones; the newest `keep` are kept. Trades already in the list keep their objects, so
 * their memoised rows do not render again; nothing new gives `previous` itself.
 */
export function mergeTrades(previous: readonly Trade[], incoming: readonly Trade[], keep: number): readonly Trade[] {
  const byId = new Map<number, Trade>();
  for (const t of previous) byId.set(t.id, t);
  let added = false;
  for (const t of incoming) {
    if (byId.has(t.id)) continue;
    byId.set(t.id, t);
    added = true;
  }
  if (!added) return previous;
  const merged = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, keep);
  // Everything new was older than the kept list: no change.
  return merged.length === previous.length && merged.every((t, i) => t === previous[i]) ? previous : merged;
}

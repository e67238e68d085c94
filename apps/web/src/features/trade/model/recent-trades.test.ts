import { describe, expect, it } from 'vitest';
import type { Trade } from '@app/contract';
import { mergeTrades } from './recent-trades';

const trade = (id: number, side: Trade['side'] = 'buy'): Trade => ({
  id,
  price: `${100 + id}.00`,
  amount: '0.50000',
  side,
  time: 1000 + id,
});
const ids = (list: readonly Trade[]) => list.map((t) => t.id);

describe('mergeTrades', () => {
  it('puts the newest trade first and drops repeats by id', () => {
    const snapshot = mergeTrades([], [trade(3), trade(2), trade(1)], 30);
    expect(ids(snapshot)).toEqual([3, 2, 1]);
    // A websocket message repeats the trades the previous one had.
    expect(ids(mergeTrades(snapshot, [trade(5), trade(4), trade(3), trade(2)], 30))).toEqual([5, 4, 3, 2, 1]);
  });

  it('keeps the objects of trades already shown, and the list itself when nothing is new', () => {
    const first = mergeTrades([], [trade(2), trade(1)], 30);
    const next = mergeTrades(first, [trade(3), { ...trade(2) }], 30);
    expect(next[1]).toBe(first[0]);
    expect(next[2]).toBe(first[1]);
    expect(mergeTrades(next, [{ ...trade(3) }, trade(1)], 30)).toBe(next);
  });

  it('takes the snapshot after live messages too (whichever answers first), and keeps only the newest', () => {
    const live = mergeTrades([], [trade(52), trade(51)], 4);
    const out = mergeTrades(live, [trade(51), trade(50), trade(49), trade(48), trade(47)], 4);
    expect(ids(out)).toEqual([52, 51, 50, 49]);
    expect(mergeTrades(out, [trade(10)], 4)).toBe(out); // older than every kept trade
  });
});

import { describe, expect, it } from 'vitest';
import { lineView } from './account-change';

describe('lineView', () => {
  it('shows money only held as held, and money only released as released (an order placed, a cancel)', () => {
    expect(lineView({ amount: '0.000000', held: '1015.450000' })).toEqual({ kind: 'held', amount: '1015.450000' });
    expect(lineView({ amount: '0.000000', held: '-1015.450000' })).toEqual({ kind: 'released', amount: '1015.450000' });
  });

  it('shows what came in or went out, and whether held money paid it or was released by it', () => {
    expect(lineView({ amount: '100.000000', held: '0.000000' })).toEqual({
      kind: 'change',
      amount: '100.000000',
      negative: false,
      note: null,
    });
    // A fill of a resting buy: the held USDT spent.
    expect(lineView({ amount: '-980.980000', held: '-980.980000' })).toEqual({
      kind: 'change',
      amount: '-980.980000',
      negative: true,
      note: { kind: 'fromHeld' },
    });
    // A won contract: 10 held released, 8 profit.
    expect(lineView({ amount: '8.000000', held: '-10.000000' })).toEqual({
      kind: 'change',
      amount: '8.000000',
      negative: false,
      note: { kind: 'released', amount: '10.000000' },
    });
    expect(lineView({ amount: '-1.000000', held: '5.000000' })).toEqual({
      kind: 'change',
      amount: '-1.000000',
      negative: true,
      note: { kind: 'held', amount: '5.000000' },
    });
  });
});

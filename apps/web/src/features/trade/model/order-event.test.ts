import { describe, expect, it } from 'vitest';
import { parseOrderEvent } from './order-event';

const settlement = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  result: 'win',
  closeTick: { time: 1, price: '2.00', source: 'binance' },
  payout: '18.000000',
  profit: '8.000000',
  settledAt: 2,
};

describe('parseOrderEvent', () => {
  it('reads the settlement of a batch of contracts', () => {
    expect(parseOrderEvent({ kind: 'settled', typeUser: 'demo', contracts: [settlement] })).toEqual({
      kind: 'settled',
      typeUser: 'demo',
      contracts: [settlement],
    });
  });

  it('takes a malformed settlement for no event (the screens then reload)', () => {
    // A sequence number is not an order's id (ids are opaque strings).
    expect(parseOrderEvent({ kind: 'settled', typeUser: 'demo', contracts: [{ ...settlement, id: 7 }] })).toBeNull();
    expect(parseOrderEvent({ kind: 'spot', order: { id: 7 } })).toBeNull();
    expect(parseOrderEvent({ kind: 'settled', typeUser: 'paper', contracts: [settlement] })).toBeNull();
    expect(parseOrderEvent({ kind: 'settled', typeUser: 'real' })).toBeNull();
    expect(parseOrderEvent({ type: 'resync' })).toBeNull();
  });
});

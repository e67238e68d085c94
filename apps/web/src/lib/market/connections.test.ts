import { describe, expect, it } from 'vitest';
import { connectionFor } from './connections';

describe('the market connections', () => {
  it('carry the user’s order events with the ticker lists, and one instrument’s streams on its own', () => {
    expect(connectionFor({ channel: 'general' })).toBe('general');
    // No symbol of its own: with the lists, so a signed-in page holds one socket, not two (decision 0158).
    expect(connectionFor({ channel: 'openOrders', token: 't' })).toBe('general');
    expect(connectionFor({ channel: 'realtime', currency: 'BTCUSDT' })).toBe('symbol:BTCUSDT');
    expect(connectionFor({ channel: 'chart', currency: 'ETHUSDT', interval: '1m' })).toBe('symbol:ETHUSDT');
    expect(connectionFor({ channel: 'trades', currency: 'ETHUSDT' })).toBe('symbol:ETHUSDT');
  });
});

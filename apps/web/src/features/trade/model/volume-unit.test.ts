import { describe, expect, it } from 'vitest';
import { instrumentOf } from '@app/contract';
import { volumeUnitOf } from './volume-unit';

const unitOf = (symbol: string) => volumeUnitOf(instrumentOf(symbol)!);

describe("volume unit (what a candle's volume counts)", () => {
  it('is the base coin for crypto and the base currency for forex', () => {
    expect(unitOf('BTCUSDT')).toEqual({ kind: 'asset', asset: 'BTC' });
    expect(unitOf('EURUSD')).toEqual({ kind: 'asset', asset: 'EUR' });
    expect(unitOf('USDJPY')).toEqual({ kind: 'asset', asset: 'USD' });
  });

  it('is shares for stocks and contracts for CFDs and indices, never their ticker', () => {
    expect(unitOf('AAPLUSD')).toEqual({ kind: 'shares' });
    expect(unitOf('XAUUSD')).toEqual({ kind: 'contracts' });
    expect(unitOf('USOIL')).toEqual({ kind: 'contracts' });
    expect(unitOf('GER40')).toEqual({ kind: 'contracts' });
  });
});

import { QUOTE_ASSET, instrumentOf, pow10 } from '@app/contract';

/** What the market engine offers: the latest quote of a symbol, its price in integer units of the instrument. */
export interface QuoteSource {
  latest(symbol: string): { price: number; time: number; stale: boolean } | undefined;
}

/** A coin's price in USDT as an exact integer of 10^-decimals USDT. */
export interface ReferencePrice {
  units: bigint;
  decimals: number;
  time: number;
}

/**
 * Reference prices of wallet coins in USDT, from the market engine's latest `<COIN>USDT` quote.
 * USDT is 1. A coin without a live (non-stale) quote has no price: callers refuse to trade it
 * and leave it out of valuations rather than guess.
 */
export class ReferencePrices {
  constructor(private readonly quotes: QuoteSource) {}

  of(asset: string): ReferencePrice | null {
    if (asset === QUOTE_ASSET) return { units: 1n, decimals: 0, time: Date.now() };
    const inst = instrumentOf(`${asset}${QUOTE_ASSET}`);
    if (!inst) return null;
    const q = this.quotes.latest(inst.symbol);
    if (!q || q.stale || !Number.isSafeInteger(q.price) || q.price <= 0) return null;
    return { units: BigInt(q.price), decimals: inst.priceDecimals, time: q.time };
  }
}

/**
 * Value in minor units of `toScale` of `amount` minor units of `fromScale` at `price`
 * (10^-price.decimals per unit), truncated toward zero.
 */
export function valueAt(amount: bigint, fromScale: number, price: ReferencePrice, toScale: number): bigint {
  return (amount * price.units * pow10(toScale)) / (pow10(fromScale) * pow10(price.decimals));
}

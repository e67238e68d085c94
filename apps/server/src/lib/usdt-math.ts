import { QUOTE_ASSET, assetOf, divRound, formatAmount, pow10, type AssetDef } from '@app/contract';

/**
 * Conversions between a coin and USDT at a price, shared by OTC and spot orders. Each one states
 * its rounding direction; docs/ledger.md says who gets the remainder in each use.
 */

export const BPS = 10_000n;
export const USDT: AssetDef = assetOf(QUOTE_ASSET)!;

/** USDT minor units for `coins` minor units of `asset` at `price` (10^-decimals USDT per coin). */
export function usdtFor(
  coins: bigint,
  asset: AssetDef,
  price: bigint,
  decimals: number,
  rounding: 'down' | 'up',
): bigint {
  return divRound(coins * price * pow10(USDT.scale), pow10(asset.scale) * pow10(decimals), rounding);
}

/** Coin minor units that `usdt` buys at `price`, floored to the coin's amount decimals. */
export function coinsFor(usdt: bigint, asset: AssetDef, price: bigint, decimals: number): bigint {
  const raw = divRound(usdt * pow10(asset.scale) * pow10(decimals), price * pow10(USDT.scale), 'down');
  const step = pow10(asset.scale - asset.amountDecimals);
  return raw - (raw % step);
}

/** A fee of `bps` basis points on `usdt` minor units, rounded up to a minor unit. */
export const feeOf = (usdt: bigint, bps: number): bigint => divRound(usdt * BigInt(bps), BPS, 'up');

/** A rate in basis points as a fraction without trailing zeros: "0.85" for 8500, "0.001" for 10. */
export const rateText = (bps: number): string => formatAmount(BigInt(bps), 4).replace(/0+$/, '').replace(/\.$/, '');

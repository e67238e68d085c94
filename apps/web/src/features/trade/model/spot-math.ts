import { divRound, formatAmount, parseAmount, pow10, QUOTE_ASSET, assetOf, type SpotSide } from '@app/contract';

const USDT_SCALE = assetOf(QUOTE_ASSET)?.scale ?? 6;

/**
 * The USDT value of `amount` coins at `price` (both decimal strings with the instrument's
 * decimals), exact: rounded up for a buy (what it may cost) and down for a sell (what it
 * brings), fees not included. Null while either is not a positive number.
 */
export function spotTotal(
  amount: string,
  price: string | null | undefined,
  amountDecimals: number,
  priceDecimals: number,
  side: SpotSide,
): string | null {
  if (!price) return null;
  const a = parseAmount(amount, amountDecimals);
  const p = parseAmount(price, priceDecimals);
  if (a === null || p === null || a <= 0n || p <= 0n) return null;
  const minor = divRound(
    a * p * pow10(USDT_SCALE),
    pow10(amountDecimals + priceDecimals),
    side === 'buy' ? 'up' : 'down',
  );
  return formatAmount(minor, USDT_SCALE);
}

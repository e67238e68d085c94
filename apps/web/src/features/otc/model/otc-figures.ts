import { formatAssetAmount, formatPrice } from '../../../lib/format';

/**
 * The figures of an OTC trade, written one way on every OTC screen (the preview, the result, the
 * history in both layouts; docs/decisions/0144-web-polish-texts-and-figures.md):
 * - an amount in its coin's display decimals, truncated and grouped ("999.37 USDT", "0.00108 BTC");
 * - a price with the price formatter, grouped, to the precision the server quoted it in
 *   ("92,442.15"; a long one keeps six significant digits).
 */
export function formatOtcAmount(value: string, asset: string): string {
  return `${formatAssetAmount(value, asset)} ${asset}`;
}

export function formatOtcPrice(price: string): string {
  return formatPrice(price, price.split('.')[1]?.length ?? 0);
}

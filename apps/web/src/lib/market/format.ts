/**
 * Market figures use the one number module (lib/format: truncated, the app language's marks);
 * this face re-exports them for the market's screens.
 */
export {
  changeSign,
  formatCompact,
  formatCompactWhole,
  formatPercent,
  formatPrice,
  formatSigned,
} from '../format/number';

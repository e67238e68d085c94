import { displayDecimalsOf, MONEY_DISPLAY_DECIMALS } from '@app/contract';

/**
 * Every number the web app shows goes through this file (docs/product.md §9): exact decimal strings in,
 * text out, never through floating point. Figures are truncated toward zero, never rounded
 * up, so no screen shows money the user does not have. One separator rule per language: the
 * grouping and decimal marks of the app's language (Intl), grouping always on, so a German
 * card reads "82.385,04" and "4.174,96", never a mix of two conventions.
 */

/** Shown for a figure that is not there yet (a quote before its first tick). */
export const NO_VALUE = '--';

/** Significant digits a price with many decimals keeps (USDC or BTM at 10 decimals). */
export const PRICE_SIGNIFICANT_DIGITS = 6;
/** Prices keep at least this many decimals, the way quotes are usually read. */
const PRICE_MIN_DECIMALS = 2;

let appLocale = 'en';

/** The BCP 47 tag whose separators numbers use; lib/i18n sets it with the app language. */
export function setNumberLocale(locale: string): void {
  appLocale = locale;
}

export function numberLocale(): string {
  return appLocale;
}

interface Marks {
  group: string;
  decimal: string;
  minus: string;
}

const marksCache = new Map<string, Marks>();

/** The language's own marks, read from Intl once per language. */
function marksOf(locale: string): Marks {
  const cached = marksCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always', minimumFractionDigits: 1 }).formatToParts(
    -1234.5,
  );
  const part = (type: Intl.NumberFormatPartTypes, fallback: string) =>
    parts.find((p) => p.type === type)?.value ?? fallback;
  const marks = { group: part('group', ','), decimal: part('decimal', '.'), minus: part('minusSign', '-') };
  marksCache.set(locale, marks);
  return marks;
}

const DECIMAL_TEXT = /^([-+])?(\d*)(?:\.(\d*))?$/;

/** A plain decimal string split into sign, integer digits (no leading zeros) and fraction digits. */
interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

function parseDecimal(value: string): Decimal | null {
  const m = DECIMAL_TEXT.exec(value.trim());
  if (!m || (!m[2] && !m[3])) return null;
  return { negative: m[1] === '-', int: (m[2] ?? '').replace(/^0+/, '') || '0', frac: m[3] ?? '' };
}

function truncatesToZero(d: Decimal, decimals: number): boolean {
  return /^0*$/.test(d.int) && /^0*$/.test(d.frac.slice(0, decimals));
}

/** Writes digits with the language's marks; a value that truncated to zero has no sign. */
function render(d: Decimal, decimals: number, locale: string): string {
  const marks = marksOf(locale);
  const frac = d.frac.slice(0, decimals).padEnd(decimals, '0');
  const grouped = d.int
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u0000')
    .split('\u0000')
    .join(marks.group);
  return `${d.negative && !truncatesToZero(d, decimals) ? marks.minus : ''}${grouped}${decimals > 0 ? `${marks.decimal}${frac}` : ''}`;
}

/**
 * A decimal string with exactly `decimals` fraction digits, truncated toward zero, grouped
 * with the app language's marks. Text that is not a plain decimal is shown as given.
 */
export function formatDecimal(value: string, decimals: number, locale = appLocale): string {
  const d = parseDecimal(value);
  return d ? render(d, decimals, locale) : value;
}

/** A decimal with all the fraction digits it has (an amount the user typed, shown back to confirm). */
export function formatExact(value: string, locale = appLocale): string {
  const d = parseDecimal(value);
  return d ? render(d, d.frac.replace(/0+$/, '').length, locale) : value;
}

/** An amount of a coin with that coin's display decimals (docs/product.md §9; USDT to the cent), truncated. */
export function formatAssetAmount(value: string | null | undefined, symbol: string, locale = appLocale): string {
  return value == null ? NO_VALUE : formatDecimal(value, displayDecimalsOf(symbol), locale);
}

/** Money in USDT (balances, valuations, stakes, profits): two decimals, truncated (docs/product.md §9). */
export function formatMoney(value: string | null | undefined, locale = appLocale): string {
  return value == null ? NO_VALUE : formatDecimal(value, MONEY_DISPLAY_DECIMALS, locale);
}

/**
 * How many decimals a price shows: the instrument's own, but no more than it takes to show
 * {@link PRICE_SIGNIFICANT_DIGITS} significant digits, and at least two.
 */
function priceDecimalsShown(d: Decimal, decimals: number): number {
  if (truncatesToZero(d, decimals)) return Math.min(decimals, PRICE_MIN_DECIMALS);
  const leadingZeros = d.int === '0' ? (/^0*/.exec(d.frac)?.[0].length ?? 0) : 0;
  const intDigits = d.int === '0' ? 0 : d.int.length;
  const forSignificant = d.int === '0' ? leadingZeros + PRICE_SIGNIFICANT_DIGITS : PRICE_SIGNIFICANT_DIGITS - intDigits;
  return Math.min(decimals, Math.max(PRICE_MIN_DECIMALS, forSignificant));
}

/**
 * A price with its instrument's decimals (docs/product.md §9 table). A price with more decimals than
 * make sense to read (the table's "others 10": USDC, BTM) keeps six significant digits and
 * drops trailing zeros down to two decimals: "1.00", "0.0123456". Truncated, never rounded.
 */
export function formatPrice(value: string | null | undefined, decimals: number, locale = appLocale): string {
  if (value == null) return NO_VALUE;
  const d = parseDecimal(value);
  if (!d) return value;
  const shown = priceDecimalsShown(d, decimals);
  if (shown === decimals) return render(d, decimals, locale);
  const kept = d.frac.slice(0, shown).replace(/0+$/, '');
  return render(d, Math.max(Math.min(PRICE_MIN_DECIMALS, decimals), kept.length), locale);
}

/**
 * A chart axis or crosshair price: the chart library hands over a float (display only, never
 * money), fixed to the instrument's decimals, then written like every other price.
 */
export function formatChartPrice(price: number, decimals: number, locale = appLocale): string {
  return Number.isFinite(price) ? formatPrice(price.toFixed(decimals), decimals, locale) : NO_VALUE;
}

/** A signed difference: "+286.64", "-12.00", "0.00". */
export function formatSigned(value: string | null | undefined, decimals: number, locale = appLocale): string {
  if (value == null) return NO_VALUE;
  const d = parseDecimal(value);
  if (!d) return value;
  const text = render(d, decimals, locale);
  return d.negative || truncatesToZero(d, decimals) ? text : `+${text}`;
}

/** A change in percent with its sign: "+1.25%", "-0.30%", "0.00%". */
export function formatPercent(value: string | null | undefined, locale = appLocale): string {
  if (value == null) return NO_VALUE;
  return `${formatSigned(value, 2, locale)}%`;
}

/** A rate as a percentage, exactly: "0.001" → "0.1%", "0.85" → "85%" (moves the decimal point, no floating point). */
export function formatRatePercent(rate: string, locale = appLocale): string {
  const d = parseDecimal(rate);
  if (!d) return rate;
  const digits = `${d.int}${d.frac.padEnd(2, '0')}`;
  const int = digits.slice(0, d.int.length + 2);
  const frac = digits.slice(d.int.length + 2).replace(/0+$/, '');
  return `${render({ negative: d.negative, int: int.replace(/^0+(?=\d)/, ''), frac }, frac.length, locale)}%`;
}

/** Volumes below a million are written out; only larger ones take the short form. */
const COMPACT_FROM_DIGITS = 7;

/**
 * Volumes: below a million in full with two decimals ("4,174.96"), above in the language's
 * short form ("1.23M", "1,23 Mio.", "123.45万"), truncated. Intl reads the decimal string
 * exactly (never a float), grouping always on, like every other figure.
 */
export function formatCompact(value: string | null | undefined, locale = appLocale): string {
  return compact(value, 2, locale);
}

/**
 * A volume where room is short (a quote row beside its name): like formatCompact, but below a
 * million in whole units ("281,737"), never a fraction of a unit.
 */
export function formatCompactWhole(value: string | null | undefined, locale = appLocale): string {
  return compact(value, 0, locale);
}

/** One compact formatter per language: building one costs far more than using it (a list renders many). */
const compactFormats = new Map<string, Intl.NumberFormat>();

function compactFormat(locale: string): Intl.NumberFormat {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      notation: 'compact',
      maximumFractionDigits: 2,
      roundingMode: 'trunc',
      useGrouping: 'always',
    });
    compactFormats.set(locale, format);
  }
  return format;
}

function compact(value: string | null | undefined, decimalsBelow: number, locale: string): string {
  if (value == null) return NO_VALUE;
  const d = parseDecimal(value);
  if (!d) return value;
  if (d.int.length < COMPACT_FROM_DIGITS) return render(d, decimalsBelow, locale);
  const exact = `${d.negative ? '-' : ''}${d.int}${d.frac ? `.${d.frac}` : ''}`;
  if (!isNumericLiteral(exact)) return value;
  return compactFormat(locale).format(exact);
}

/** Intl.NumberFormat (v3) reads a numeric string as an exact decimal. */
function isNumericLiteral(text: string): text is Intl.StringNumericLiteral {
  return /^-?\d+(\.\d+)?$/.test(text);
}

/** True when a decimal string is zero ("0", "0.000000"). */
export function isZeroDecimal(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value.trim());
}

/** Up, down or flat, from the sign of a change (exact: no float). */
export function changeSign(value: string | null | undefined): 'up' | 'down' | 'flat' {
  const d = value == null ? null : parseDecimal(value);
  if (!d || isZeroDecimal(`${d.int}.${d.frac}`)) return 'flat';
  return d.negative ? 'down' : 'up';
}

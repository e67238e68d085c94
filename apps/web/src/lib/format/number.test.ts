import { afterEach, describe, expect, it } from 'vitest';
import { INSTRUMENTS, PRICE_DISPLAY_DECIMALS, formatAmount, instrumentOf, parseAmount } from '@app/contract';
import {
  changeSign,
  formatAssetAmount,
  formatChartPrice,
  formatCompact,
  formatCompactWhole,
  formatDecimal,
  formatExact,
  formatMoney,
  formatPercent,
  formatPrice,
  formatRatePercent,
  formatSigned,
  setNumberLocale,
} from './number';

/** Intl's own marks for the app's languages (fr groups with a narrow no-break space). */
const NNBSP = '\u202f';

afterEach(() => setNumberLocale('en'));

describe('one separator rule per language', () => {
  const cases: Array<[string, string, string]> = [
    ['en', '82,385.04', '4,174.96'],
    ['de', '82.385,04', '4.174,96'],
    ['fr', `82${NNBSP}385,04`, `4${NNBSP}174,96`],
    ['it', '82.385,04', '4.174,96'],
    ['zh-Hans', '82,385.04', '4,174.96'],
    ['zh-Hant-HK', '82,385.04', '4,174.96'],
    ['ja', '82,385.04', '4,174.96'],
    ['ko', '82,385.04', '4,174.96'],
  ];
  it.each(cases)('%s: a price and a volume on one card share the marks', (locale, price, volume) => {
    expect(formatPrice('82385.04', 2, locale)).toBe(price);
    // Four-digit figures are grouped too (Intl leaves them ungrouped in it and in compact de).
    expect(formatCompact('4174.96', locale)).toBe(volume);
    expect(formatDecimal('4174.96', 2, locale)).toBe(volume);
  });

  it('follows the app language set by i18n', () => {
    setNumberLocale('de');
    expect(formatMoney('100000.000000')).toBe('100.000,00');
    setNumberLocale('en');
    expect(formatMoney('100000.000000')).toBe('100,000.00');
  });
});

describe('amounts (docs/product.md §9: display decimals per coin, truncated, never rounded up)', () => {
  it('shows USDT to the cent, however many decimals the ledger keeps', () => {
    expect(formatAssetAmount('100000.000000', 'USDT', 'en')).toBe('100,000.00');
    expect(formatAssetAmount('0.999999', 'USDT', 'en')).toBe('0.99');
    expect(formatMoney('1.239999', 'en')).toBe('1.23');
    expect(formatMoney(null)).toBe('--');
  });

  it('shows coins with their amount decimals of the product document table', () => {
    expect(formatAssetAmount('1.123456789', 'BTC', 'en')).toBe('1.12345');
    expect(formatAssetAmount('1.123456789', 'ETH', 'en')).toBe('1.123');
    expect(formatAssetAmount('15.9', 'XRP', 'en')).toBe('15');
    expect(formatAssetAmount('2.123456789', 'BTM', 'en')).toBe('2.12345'); // "others 5"
  });

  it('keeps precision a float would lose and truncates negatives toward zero', () => {
    expect(formatDecimal('12345678901234567890.123456789', 8, 'en')).toBe('12,345,678,901,234,567,890.12345678');
    expect(formatDecimal('-1.999', 2, 'de')).toBe('-1,99');
    expect(formatDecimal('-0.001', 2, 'en')).toBe('0.00');
    expect(formatDecimal('0.29', 2, 'en')).toBe('0.29');
    expect(formatDecimal('n/a', 2, 'en')).toBe('n/a');
  });

  it('shows a typed amount back exactly', () => {
    expect(formatExact('1234.123456', 'de')).toBe('1.234,123456');
    expect(formatExact('10.500', 'en')).toBe('10.5');
    expect(formatExact('7', 'en')).toBe('7');
  });
});

describe('prices', () => {
  it('shows every instrument at its tick (decision 0140): at least the §9 display decimals, and a one-tick move shows', () => {
    for (const inst of INSTRUMENTS) {
      const ref = parseAmount(inst.referencePrice, inst.priceDecimals)!;
      const text = formatPrice(inst.referencePrice, inst.priceDecimals, 'en');
      const shown = text.split('.')[1]?.length ?? 0;
      // The table's coins (its "others" at 10 decimals are cut to six significant digits, below).
      const table = PRICE_DISPLAY_DECIMALS[inst.base];
      if (inst.market === 'CRYPTO' && table !== undefined) expect(shown, inst.symbol).toBeGreaterThanOrEqual(table);
      // One tick up is another text: the figure moves with the price (up to six significant digits).
      const up = formatPrice(formatAmount(ref + 1n, inst.priceDecimals), inst.priceDecimals, 'en');
      if (inst.priceDecimals <= 6) expect(up, inst.symbol).not.toBe(text);
    }
    // EOS: §9 shows one decimal, the tick is 0.0001; its quote shows the tick, not "0.5".
    expect(formatPrice('0.4987', instrumentOf('EOSUSDT')!.priceDecimals, 'en')).toBe('0.4987');
  });

  it('keeps the instrument decimals where the product document table sets them', () => {
    expect(formatPrice('95000.129', 2, 'en')).toBe('95,000.12');
    expect(formatPrice('0.5123', 4, 'en')).toBe('0.5123');
    expect(formatPrice('0.10000', 5, 'en')).toBe('0.10000');
  });

  it('shows a ten-decimal price with six significant digits, not raw', () => {
    expect(formatPrice('1.0000000000', 10, 'en')).toBe('1.00');
    expect(formatPrice('0.9998765432', 10, 'en')).toBe('0.999876');
    expect(formatPrice('0.0123456789', 10, 'de')).toBe('0,0123456');
    expect(formatPrice('1.0001000000', 10, 'en')).toBe('1.0001');
    expect(formatPrice('12345.6789012345', 10, 'en')).toBe('12,345.67');
    expect(formatPrice('0.0000000000', 10, 'en')).toBe('0.00');
    expect(formatPrice(null, 10)).toBe('--');
  });
});

describe('signed figures and rates', () => {
  it('signs changes and percentages in the language', () => {
    expect(formatSigned('286.649', 2, 'en')).toBe('+286.64');
    expect(formatSigned('-12', 2, 'en')).toBe('-12.00');
    expect(formatSigned('0.001', 2, 'en')).toBe('0.00');
    expect(formatPercent('1.25', 'de')).toBe('+1,25%');
    expect(formatPercent('-0.30', 'en')).toBe('-0.30%');
    expect(formatPercent('0', 'en')).toBe('0.00%');
    expect(changeSign('-0.01')).toBe('down');
    expect(changeSign('0.000')).toBe('flat');
    expect(changeSign('0.0000000001')).toBe('up');
  });

  it('moves the decimal point of a rate exactly', () => {
    expect(formatRatePercent('0.001', 'en')).toBe('0.1%');
    expect(formatRatePercent('0.85', 'en')).toBe('85%');
    expect(formatRatePercent('0.125', 'de')).toBe('12,5%');
    expect(formatRatePercent('1.5', 'en')).toBe('150%');
    expect(formatRatePercent('0', 'en')).toBe('0%');
  });

  it('writes chart prices like every other price', () => {
    expect(formatChartPrice(95455.48, 2, 'de')).toBe('95.455,48');
    expect(formatChartPrice(Number.NaN, 2, 'en')).toBe('--');
  });

  it('writes volumes in the short form of the language, truncated', () => {
    expect(formatCompact('1239999.99', 'en')).toBe('1.23M');
    expect(formatCompact('1239999.99', 'de')).toBe('1,23\u00a0Mio.');
    expect(formatCompact('123456789.5', 'zh-Hans')).toBe('1.23亿');
    expect(formatCompact('999999.999', 'ko')).toBe('999,999.99');
  });

  it("writes a quote row's volume in whole units below a million, short above", () => {
    expect(formatCompactWhole('281737.29', 'en')).toBe('281,737');
    expect(formatCompactWhole('281737.99', 'de')).toBe('281.737');
    expect(formatCompactWhole('0.5', 'en')).toBe('0');
    expect(formatCompactWhole('1239999.99', 'en')).toBe('1.23M');
    expect(formatCompactWhole('1239999.99', 'de')).toBe('1,23\u00a0Mio.');
  });
});

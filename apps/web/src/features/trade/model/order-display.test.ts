import { describe, expect, it } from 'vitest';
import {
  contractStatusKey,
  formatMoney,
  formatProfit,
  formatSymbolAmount,
  formatSymbolPrice,
  priceSourceKey,
  signClass,
  spotStatusKey,
} from './order-display';
import { TRADE_MESSAGES } from '../../../locales/trade';

describe('order display', () => {
  it('shows money with two decimals, more only where the amount has them, never rounded', () => {
    expect(formatMoney('10.000000')).toBe('10.00');
    expect(formatMoney('8.758750')).toBe('8.75'); // docs/product.md §9: to the cent, truncated
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatMoney(null)).toBe('--');
  });

  it('signs a profit: gains with +, losses with -, zero plain', () => {
    expect(formatProfit('8.500000')).toBe('+8.50');
    expect(formatProfit('-10.000000')).toBe('-10.00');
    expect(formatProfit('0.000000')).toBe('0.00');
    expect(signClass('8.5')).toBe(' is-positive');
    expect(signClass('-1')).toBe(' is-negative');
    expect(signClass('0.000')).toBe('');
  });

  it('truncates prices and amounts to the instrument decimals', () => {
    expect(formatSymbolPrice('BTCUSDT', '95000.129')).toBe('95,000.12');
    expect(formatSymbolAmount('BTCUSDT', '0.123456789')).toBe('0.12345');
    expect(formatSymbolAmount('BTCUSDT', null)).toBe('--');
  });

  it('shows a contract or spot price of a sub-dollar coin at its tick, not at the display table’s one decimal (decision 0140)', () => {
    expect(formatSymbolPrice('EOSUSDT', '0.4987')).toBe('0.4987');
    expect(formatSymbolPrice('EOSUSDT', '0.4988')).not.toBe(formatSymbolPrice('EOSUSDT', '0.4987'));
    expect(formatSymbolPrice('DOTUSDT', '2.801')).toBe('2.801');
    expect(formatSymbolPrice('OMGUSDT', '0.1503')).toBe('0.1503');
  });

  it('names the status as docs/product.md §9 does', () => {
    expect(contractStatusKey({ status: 'open' })).toBe('processing');
    expect(contractStatusKey({ status: 'settled' })).toBe('completed');
    expect(spotStatusKey({ status: 'open' })).toBe('processing');
    expect(spotStatusKey({ status: 'filled' })).toBe('completed');
    expect(spotStatusKey({ status: 'cancelled' })).toBe('cancelled');
  });

  it('names a deciding price feed as a customer would, never by its internal name', () => {
    expect(priceSourceKey('simulator')).toBe('simulator');
    expect(priceSourceKey('binance')).toBe('binance');
    expect(priceSourceKey('bench')).toBe('other');
    expect(priceSourceKey('')).toBe('other');
    expect(TRADE_MESSAGES.en.orders.priceSources[priceSourceKey('simulator')]).toBe('Simulated market prices');
    expect(TRADE_MESSAGES.en.orders.priceSources[priceSourceKey('binance')]).toBe('Exchange prices (Binance)');
  });
});

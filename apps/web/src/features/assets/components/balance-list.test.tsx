import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ValuedWallet } from '@app/contract';
import { renderWithProviders } from '../../../test/render';
import { walletRows } from '../model/wallet-rows';
import { BalanceList } from './balance-list';

/** One account's balances as the server sends them (account-page.tsx makes the rows the same way). */
const wallet: ValuedWallet = {
  wallet: 'currency',
  totalUsdt: '9590.1',
  balances: [
    { asset: 'BTC', available: '0.123456789', frozen: '0.00001999', valueUsdt: '8321.999' },
    { asset: 'ETH', available: '1.23456789', frozen: '0', valueUsdt: '12.34' },
    { asset: 'USDT', available: '1234.567891', frozen: '20.999999', valueUsdt: '1255.567890' },
    { asset: 'XRP', available: '100.999999', frozen: '0', valueUsdt: '0.999' },
  ],
};

/** A coin's available, frozen and USDT value as the list shows them. */
function figures(asset: string) {
  const item = screen.getByRole('list', { name: 'Spot account' }).querySelector<HTMLElement>(`[data-asset="${asset}"]`);
  if (!item) throw new Error(`no row for ${asset}`);
  const value = (term: string) => within(item).getByText(term).nextElementSibling?.textContent;
  return { available: value('Available'), frozen: value('Frozen'), usdt: value('Value (USDT)') };
}

describe('the balance list', () => {
  it('shows each coin with its own display decimals, truncated, and the USDT value to the cent', () => {
    renderWithProviders(<BalanceList rows={walletRows(wallet, undefined)} label="Spot account" />);
    // BTC 5 decimals, ETH 3, USDT 2 (money), XRP whole coins: cut, never rounded up.
    expect(figures('BTC')).toEqual({ available: '0.12345', frozen: '0.00001', usdt: '8,321.99' });
    expect(figures('ETH')).toEqual({ available: '1.234', frozen: '0.000', usdt: '12.34' });
    expect(figures('USDT')).toEqual({ available: '1,234.56', frozen: '20.99', usdt: '1,255.56' });
    expect(figures('XRP')).toEqual({ available: '100', frozen: '0', usdt: '0.99' });
  });

  it('says there are no balances instead of an empty list', () => {
    renderWithProviders(<BalanceList rows={[]} label="Spot account" />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No balances')).toBeTruthy();
  });
});

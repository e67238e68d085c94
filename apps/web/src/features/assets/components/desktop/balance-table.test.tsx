import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ValuedWallet } from '@app/contract';
import { renderWithProviders } from '../../../../test/render';
import { walletRows } from '../../model/wallet-rows';
import { BalanceTable } from './balance-table';

const wallet: ValuedWallet = {
  wallet: 'currency',
  totalUsdt: '9590.1',
  balances: [
    { asset: 'BTC', available: '1234.567891', frozen: '0.00001999', valueUsdt: '83219999.999' },
    { asset: 'DOGE', available: '15.9', frozen: '0.5', valueUsdt: '2.599' },
  ],
};

/** The cells of a coin's row: available, frozen, USDT value. */
function cells(asset: string) {
  const row = within(screen.getByRole('table', { name: 'Spot account' }))
    .getByRole('rowheader', { name: new RegExp(asset) })
    .closest('tr');
  if (!row) throw new Error(`no row for ${asset}`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('the desktop balance table', () => {
  it('shows each coin with its own display decimals, grouped and truncated, the USDT value to the cent', () => {
    renderWithProviders(<BalanceTable rows={walletRows(wallet, undefined)} label="Spot account" />);
    expect(cells('BTC')).toEqual(['1,234.56789', '0.00001', '83,219,999.99']);
    expect(cells('DOGE')).toEqual(['15', '0', '2.59']);
  });
});

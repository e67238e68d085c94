import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserAssetData } from '@app/contract';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { DESKTOP_PATHS, TRANSFER_PATH } from '../../../lib/routing/paths';
import { queryClient, renderWithProviders, signIn } from '../../../test/render';
import { AccountPanel } from './account-panel';

const holding = (usdt: string): UserAssetData => ({
  typeUser: 'real',
  totalUsdt: usdt,
  wallets: (['currency', 'option', 'financing'] as const).map((wallet, i) => ({
    wallet,
    totalUsdt: i === 0 ? usdt : '0',
    balances: i === 0 ? [{ asset: 'USDT', available: usdt, frozen: '0', valueUsdt: usdt }] : [],
  })),
  unpriced: [],
});

function showAccount(data: UserAssetData) {
  signIn();
  queryClient.setQueryData(ledgerQueryKey('real', 'user-asset-data'), data);
  renderWithProviders(<AccountPanel />, { route: DESKTOP_PATHS.dashboard });
  const panel = screen.getByRole('region', { name: 'Account' });
  return {
    deposit: within(panel).getByRole('link', { name: 'Deposit' }),
    transfer: within(panel).getByRole('link', { name: 'Transfer' }),
  };
}

describe("the dashboard's account panel", () => {
  it('makes Deposit the first, filled action of an account that holds nothing (issue 34)', () => {
    const { deposit, transfer } = showAccount(holding('0'));
    expect(deposit.getAttribute('href')).toBe(DESKTOP_PATHS.recharge);
    expect(deposit.className).not.toMatch(/--ghost/);
    expect(transfer.getAttribute('href')).toBe(TRANSFER_PATH);
    expect(deposit.compareDocumentPosition(transfer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps Deposit there, quiet, once the account holds something', () => {
    const { deposit } = showAccount(holding('12.5'));
    expect(deposit.className).toMatch(/--ghost/);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserAssetData } from '@app/contract';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { DESKTOP_PATHS, PATHS } from '../../../lib/routing/paths';
import { queryClient, renderWithProviders, signIn } from '../../../test/render';
import { AssetsPage } from './assets-page';
import { AssetDeskPage } from './desktop/asset-desk-page';
import { WalletDeskPage } from './desktop/wallet-desk-page';
import { WalletPage } from './wallet-page';

/** The three accounts, USDT holding `usdt` in the currency account (in real or demo money). */
function assetData(usdt: string, typeUser: 'real' | 'demo' = 'real'): UserAssetData {
  const wallet = (name: 'currency' | 'option' | 'financing', amount: string) => ({
    wallet: name,
    totalUsdt: amount,
    balances: [{ asset: 'USDT', available: amount, frozen: '0.000000', valueUsdt: amount }],
  });
  return {
    typeUser,
    totalUsdt: usdt,
    wallets: [wallet('currency', usdt), wallet('option', '0.000000'), wallet('financing', '0.000000')],
    unpriced: [],
  };
}

function signedInWith(data: UserAssetData) {
  signIn({ typeUser: data.typeUser });
  queryClient.setQueryData(ledgerQueryKey(data.typeUser, 'user-asset-data'), data);
}

/** The money links of a row, in order: their names, where they go, which one is filled. */
function actions(row: HTMLElement) {
  return within(row)
    .getAllByRole('link')
    .map((a) => ({
      name: a.textContent,
      to: a.getAttribute('href'),
      filled: /\b(button--primary|desktop-button)\b/.test(a.className) && !/--(secondary|ghost)\b/.test(a.className),
    }));
}

describe('Deposit beside Withdraw (issue 34)', () => {
  it('the phone Asset tab of an empty account starts with Deposit, filled, beside Withdraw', () => {
    signedInWith(assetData('0.000000'));
    renderWithProviders(<AssetsPage />, { route: PATHS.assets });
    const row = screen.getByRole('link', { name: 'Deposit' }).parentElement as HTMLElement;
    expect(actions(row).slice(0, 3)).toEqual([
      { name: 'Deposit', to: PATHS.recharge, filled: true },
      { name: 'Withdraw', to: PATHS.withdraw, filled: false },
      { name: 'Transfer', to: PATHS.transfer, filled: false },
    ]);
  });

  it('the phone Asset tab of an account that holds something keeps Transfer first, Deposit beside Withdraw', () => {
    signedInWith(assetData('25.000000'));
    renderWithProviders(<AssetsPage />, { route: PATHS.assets });
    const row = screen.getByRole('link', { name: 'Deposit' }).parentElement as HTMLElement;
    expect(actions(row).map((a) => [a.name, a.filled])).toEqual([
      ['Transfer', true],
      ['Deposit', false],
      ['Withdraw', false],
      ['Transfer records', false],
      ['OTC', false],
      ['Orders', false],
    ]);
  });

  it('a demo account is never "empty": its first action stays Transfer', () => {
    signedInWith(assetData('0.000000', 'demo'));
    renderWithProviders(<WalletPage />, { route: PATHS.wallet });
    const row = screen.getByRole('link', { name: 'Deposit' }).parentElement as HTMLElement;
    expect(actions(row)[0]).toEqual({ name: 'Transfer', to: PATHS.transfer, filled: true });
  });

  it('the phone Wallet page offers Deposit beside Withdraw', () => {
    signedInWith(assetData('0.000000'));
    renderWithProviders(<WalletPage />, { route: PATHS.wallet });
    const row = screen.getByRole('link', { name: 'Deposit' }).parentElement as HTMLElement;
    expect(actions(row).map((a) => a.name)).toEqual(['Deposit', 'Withdraw', 'Transfer', 'Transfer records', 'OTC']);
    expect(actions(row)[0]).toEqual({ name: 'Deposit', to: PATHS.recharge, filled: true });
  });

  it('the desktop Assets page leads to the desktop Deposit page, first and filled for an empty account', () => {
    signedInWith(assetData('0.000000'));
    renderWithProviders(<AssetDeskPage />, { route: DESKTOP_PATHS.asset });
    const row = screen.getByRole('link', { name: 'Deposit' }).parentElement as HTMLElement;
    expect(actions(row)).toEqual([
      { name: 'Deposit', to: DESKTOP_PATHS.recharge, filled: true },
      { name: 'Withdraw', to: DESKTOP_PATHS.withdraw, filled: false },
      { name: 'OTC', to: PATHS.otc, filled: false },
    ]);
  });

  it('the desktop Wallet page offers Transfer, then Deposit beside Withdraw', () => {
    signedInWith(assetData('5.000000'));
    renderWithProviders(<WalletDeskPage />, { route: DESKTOP_PATHS.wallet });
    const row = screen.getByRole('link', { name: 'Deposit' }).parentElement as HTMLElement;
    expect(actions(row).map((a) => [a.name, a.to])).toEqual([
      ['Transfer', DESKTOP_PATHS.asset],
      ['Deposit', DESKTOP_PATHS.recharge],
      ['Withdraw', DESKTOP_PATHS.withdraw],
      ['OTC', PATHS.otc],
    ]);
  });
});

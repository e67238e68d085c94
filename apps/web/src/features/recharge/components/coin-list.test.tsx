import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API, type DepositAddress, type DepositRoute, type RechargeType } from '@app/contract';
import { api } from '../../../test/network';
import { queryClient, renderWithProviders, signIn } from '../../../test/render';
import { CoinList } from './coin-list';
import { RechargeDeskPage } from './desktop/recharge-desk-page';
import { DepositPanel } from './deposit-panel';

const route = (chain: DepositRoute['chain'], protocol: string, state: DepositRoute['state']): DepositRoute => ({
  chain,
  chainName: chain === 'ethereum' ? 'Ethereum' : chain,
  protocol,
  family: chain === 'ethereum' ? 'evm' : chain === 'tron' ? 'tron' : 'btc',
  token: null,
  decimals: 6,
  minDeposit: '20',
  confirmations: 12,
  enabled: state !== 'disabled',
  state,
  devChain: false,
});

const coin = (symbol: string, chains: DepositRoute[]): RechargeType => ({
  symbol,
  name: `${symbol} coin`,
  icon: '',
  chains,
  available: chains.some((c) => c.state === 'available'),
});

const USDT = coin('USDT', [route('ethereum', 'ERC20', 'available'), route('tron', 'TRC20', 'available')]);
const BTC = coin('BTC', [route('bitcoin', 'BTC', 'available')]);
const ETH = coin('ETH', [route('ethereum', 'ERC20', 'disabled')]);
const XRP = coin('XRP', []);
const EOS = coin('EOS', []);
/** The catalogue's order mixes both kinds, as the server's does. */
const CATALOGUE = [XRP, USDT, ETH, EOS, BTC];

/** The symbols of the rows in a list, top to bottom. */
function symbols(list: HTMLElement): (string | null)[] {
  return within(list)
    .getAllByTestId('deposit-coin')
    .map((row) => row.getAttribute('data-symbol'));
}

describe('the deposit coin list', () => {
  it('lists the coins that can be deposited first, the others below under their own heading', () => {
    queryClient.setQueryData(['deposits', 'recharge-types'], CATALOGUE);
    renderWithProviders(<CoinList />);
    const depositable = screen.getByRole('list', { name: 'Choose the coin to deposit' });
    expect(symbols(depositable)).toEqual(['USDT', 'BTC']);
    expect(within(depositable).getByRole('link', { name: /^USDT/ }).textContent).toContain('ERC20 · TRC20');
    expect(screen.getByRole('heading', { name: 'Not available for deposit yet' })).toBeTruthy();
    const other = screen.getByRole('list', { name: 'Not available for deposit yet' });
    expect(symbols(other)).toEqual(['XRP', 'ETH', 'EOS']);
    expect(within(other).getByRole('link', { name: /^ETH/ }).textContent).toContain('Paused');
    expect(within(other).getByRole('link', { name: /^XRP/ }).textContent).toContain('No network yet');
    expect(within(depositable).queryByText('No network yet')).toBeNull();
    // A near-black coin mark is ringed in the dark theme (components/coin-icon.tsx), the others not.
    const icon = (symbol: string) =>
      screen
        .getAllByTestId('deposit-coin')
        .find((row) => row.getAttribute('data-symbol') === symbol)
        ?.querySelector('img');
    expect(icon('EOS')?.className).toBe('coin-icon coin-icon--dark-mark');
    expect(icon('XRP')?.className).toBe('coin-icon coin-icon--dark-mark');
    expect(icon('USDT')?.className).toBe('coin-icon');
  });

  it('has no heading when every coin can be deposited, and no empty list when none can', () => {
    queryClient.setQueryData(['deposits', 'recharge-types'], [USDT, BTC]);
    const { unmount } = renderWithProviders(<CoinList />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getAllByRole('list')).toHaveLength(1);
    unmount();
    queryClient.setQueryData(['deposits', 'recharge-types'], [XRP, ETH]);
    renderWithProviders(<CoinList />);
    expect(screen.getAllByRole('list')).toHaveLength(1);
    expect(symbols(screen.getByRole('list', { name: 'Not available for deposit yet' }))).toEqual(['XRP', 'ETH']);
  });

  it('on the desktop page, groups the coins that cannot be deposited under the same heading in the picker', () => {
    queryClient.setQueryData(['deposits', 'recharge-types'], CATALOGUE);
    signIn();
    api.get(API.userRecharge.list, { list: [], page: 1, size: 20, total: 0 });
    api.get(API.currency.getDepositAddress, () => address('USDT'));
    renderWithProviders(<RechargeDeskPage />, { route: '/pages/desktop/recharge/index' });
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Coin' });
    const top = [...picker.children].filter((c) => c.tagName === 'OPTION').map((o) => o.textContent);
    expect(top).toEqual(['USDT — ERC20 · TRC20', 'BTC — BTC']);
    const group = picker.querySelector('optgroup');
    expect(group?.label).toBe('Not available for deposit yet');
    expect([...(group?.children ?? [])].map((o) => o.textContent)).toEqual([
      'XRP — No network yet',
      'ETH — Paused',
      'EOS — No network yet',
    ]);
  });
});

function address(symbol: string): DepositAddress {
  return {
    symbol,
    chain: 'ethereum',
    chainName: 'Ethereum',
    protocol: 'ERC20',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    qrText: 'ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    minDeposit: '20',
    confirmations: 12,
    token: null,
  };
}

describe('the deposit address in the demo account', () => {
  const usdtOnEthereum = USDT.chains[0] as DepositRoute;

  it('says that a deposit to it is credited to the real account', async () => {
    signIn({ typeUser: 'demo' });
    api.get(API.currency.getDepositAddress, () => address('USDT'));
    renderWithProviders(<DepositPanel coin={USDT} route={usdtOnEthereum} onChain={() => {}} layout="mobile" />);
    const note = await screen.findByTestId('deposit-demo-note');
    expect(note.getAttribute('role')).toBe('note');
    expect(note.textContent).toBe(
      'You are in the demo account: a deposit sent to this address is credited to your real account, not to the demo one.',
    );
  });

  it('says nothing of the kind in the real account', async () => {
    signIn({ typeUser: 'real' });
    api.get(API.currency.getDepositAddress, () => address('USDT'));
    renderWithProviders(<DepositPanel coin={USDT} route={usdtOnEthereum} onChain={() => {}} layout="desktop" />);
    await screen.findByTestId('deposit-address');
    expect(screen.queryByTestId('deposit-demo-note')).toBeNull();
  });
});

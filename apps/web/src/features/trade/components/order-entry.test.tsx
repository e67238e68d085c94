import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API,
  type Contract,
  type ContractProduct,
  type SpotOrder,
  type TradingTime,
  type WalletBalance,
} from '@app/contract';
import { api, type SentRequest } from '../../../test/network';
import { loginPathFor } from '../../../lib/routing/paths';
import { findKitDialog, queryClient, renderWithProviders, signIn } from '../../../test/render';
import { OrderEntry } from './order-entry';

/** Bitcoin's seconds contracts: one minute or five, 85 % or 80 % profit, 10 to 1,000 USDT a stake. */
const products: ContractProduct[] = [
  {
    market: 'CRYPTO',
    duration: 60,
    payoutRate: '0.85',
    breakEvenPercent: '54.05',
    asset: 'USDT',
    minStake: '10',
    maxStake: '1000',
  },
  {
    market: 'CRYPTO',
    duration: 300,
    payoutRate: '0.8',
    breakEvenPercent: '55.55',
    asset: 'USDT',
    minStake: '10',
    maxStake: '1000',
  },
];

const openMarket: TradingTime = {
  symbol: 'BTCUSDT',
  open: true,
  nextOpen: null,
  nextClose: null,
  timeZone: 'UTC',
  exchange: 'Crypto',
  sessionDate: null,
  sessions: [],
};
const emptyPage = { items: [], page: 1, size: 20, total: 0 };

function placedContract(stake: string): Contract {
  const now = Date.now();
  return {
    id: 'c-1',
    typeUser: 'real',
    symbol: 'BTCUSDT',
    displaySymbol: 'BTC/USDT',
    market: 'CRYPTO',
    direction: 'up',
    duration: 60,
    payoutRate: '0.85',
    asset: 'USDT',
    stake,
    status: 'open',
    result: null,
    openTime: now,
    expiresAt: now + 60_000,
    openTick: { time: now, price: '67321.12', source: 'test' },
    closeTick: null,
    payout: null,
    profit: null,
    settledAt: null,
  };
}

/**
 * The trade chart page's order entry for BTC/USDT, signed in: the products in the cache (as the
 * page's query leaves them), the server answering the option account's balance, the trading
 * time and the instrument's (empty) order lists.
 */
async function openEntry({
  available = '500',
  market = openMarket,
}: {
  available?: string;
  market?: TradingTime;
} = {}) {
  signIn();
  queryClient.setQueryData(['contract-products', 'CRYPTO'], products);
  api
    .get(API.forex.checkTradingTime, market)
    .get(
      API.account.getValidAssetById,
      (r: SentRequest): WalletBalance => ({ asset: r.query.asset ?? '', available, frozen: '0' }),
    )
    .get(API.contract.getContractList, emptyPage)
    .post(API.spot.openOrderUser, emptyPage);
  const view = renderWithProviders(<OrderEntry symbol="BTCUSDT" />, { route: '/trade/BTCUSDT' });
  const stake = screen.getByRole<HTMLInputElement>('textbox', { name: 'Stake (USDT)' });
  // The balance has arrived: the hint under the stake says it.
  await screen.findByText(
    `Available: ${Number(available).toLocaleString('en', { minimumFractionDigits: 2 })} USDT (Option account)`,
  );
  const up = screen.getByRole<HTMLButtonElement>('button', { name: 'Up' });
  const down = screen.getByRole<HTMLButtonElement>('button', { name: 'Down' });
  return { ...view, stake, up, down };
}

const stakeError = (stake: HTMLInputElement) =>
  stake.getAttribute('aria-invalid') === 'true'
    ? stake.closest('.field')?.querySelector('.field__error')?.textContent
    : null;
const creates = () => api.sent('POST', API.contract.create);
/** The summary's figure beside `term`. */
const summary = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('the order entry (trade chart page)', () => {
  it('asks a visitor to log in, and comes back here afterwards', () => {
    renderWithProviders(<OrderEntry symbol="BTCUSDT" />, { route: '/trade/BTCUSDT?interval=1m' });
    expect(screen.getByText('Log in to place seconds contracts and spot orders.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      loginPathFor('/trade/BTCUSDT?interval=1m'),
    );
    expect(screen.queryByRole('button', { name: 'Up' })).toBeNull();
  });

  it('shows the stake limits and what a stake pays before it is placed', async () => {
    const { user, stake } = await openEntry();
    expect(stake.placeholder).toBe('Min 10.00, max 1,000.00');
    expect(summary('Payout if you win')).toBe('--');
    await user.type(stake, '100');
    expect(summary('Payout if you win')).toBe('185.00 USDT');
    expect(summary('Profit if you win')).toBe('+85.00 USDT');
    expect(summary('If you lose')).toBe('-100.00 USDT');
    expect(summary('Break-even win rate')).toBe('54.05%');
    // Another duration, another payout.
    await user.click(screen.getByRole('radio', { name: '5 mins' }));
    expect(summary('Payout if you win')).toBe('180.00 USDT');
  });

  it.each([
    ['no stake', '', '500', 'This field is required'],
    ['a zero stake', '0', '500', 'Amount Invalid'],
    ['a dot alone', '.', '500', 'Amount Invalid'],
    ['more than the option account holds', '600', '500', 'Your amount is not enough'],
    ['less than the product’s minimum', '9.99', '500', 'The stake must be between 10.00 and 1,000.00 USDT'],
    ['more than the product’s maximum', '1000.01', '5000', 'The stake must be between 10.00 and 1,000.00 USDT'],
  ])('refuses %s and sends nothing', async (_case, typed, available, message) => {
    const { user, stake, up } = await openEntry({ available });
    if (typed) await user.type(stake, typed);
    await user.click(up);
    expect(stakeError(stake)).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(stake));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(creates()).toEqual([]);
    // A valid stake clears the message.
    await user.clear(stake);
    await user.type(stake, '50');
    expect(stakeError(stake)).toBeNull();
  });

  it('checks the stake as it is typed: says why at once, and shows no payout for a stake it cannot place', async () => {
    const { user, stake } = await openEntry({ available: '500' });
    // An empty field is no mistake until Up or Down is pressed.
    expect(stakeError(stake)).toBeNull();
    await user.type(stake, '9.99');
    expect(stakeError(stake)).toBe('The stake must be between 10.00 and 1,000.00 USDT');
    expect(summary('Payout if you win')).toBe('--');
    expect(summary('Profit if you win')).toBe('--');
    await user.clear(stake);
    await user.type(stake, '600');
    expect(stakeError(stake)).toBe('Your amount is not enough');
    expect(summary('Payout if you win')).toBe('--');
    await user.clear(stake);
    await user.type(stake, '100');
    expect(stakeError(stake)).toBeNull();
    expect(summary('Payout if you win')).toBe('185.00 USDT');
    expect(creates()).toEqual([]);
  });

  it('lets no letters in, and keeps a stake to whole cents as it is typed', async () => {
    const { user, stake } = await openEntry();
    await user.type(stake, 'abc');
    expect(stake.value).toBe('');
    await user.type(stake, '25,999');
    expect(stake.value).toBe('25.99');
  });

  it('places a valid stake once it is confirmed, and shows the contract opened', async () => {
    api.post(API.contract.create, placedContract('25.5'));
    const { user, stake, up } = await openEntry();
    await user.type(stake, '25.5');
    await user.click(up);

    const dialog = await findKitDialog();
    expect(within(dialog).getByText('Confirm contract')).toBeTruthy();
    expect(dialog.textContent).toContain('25.50 USDT');
    expect(creates()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toEqual({ symbol: 'BTCUSDT', direction: 'up', duration: 60, amount: '25.500000' });
    expect(within(await screen.findByTestId('contract-tracker')).getByText('Contract opened')).toBeTruthy();
    expect(stake.value).toBe('');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, stake, down } = await openEntry();
    await user.type(stake, '50');
    await user.click(down);
    const dialog = await findKitDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(creates()).toEqual([]);
    expect(stake.value).toBe('50');
  });

  it('lists under the spot entry only spot orders: its history has no seconds-contract results', async () => {
    const settled: Contract = {
      ...placedContract('20'),
      id: 'c-settled',
      status: 'settled',
      result: 'win',
      payout: '37',
      profit: '17',
      settledAt: Date.now(),
    };
    const filled: SpotOrder = {
      id: 's-1',
      typeUser: 'real',
      symbol: 'BTCUSDT',
      displaySymbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      side: 'buy',
      type: 'market',
      status: 'filled',
      price: null,
      amount: '0.01',
      fillPrice: '67321.12',
      total: '673.2112',
      fee: '0.67',
      feeAsset: 'USDT',
      createdAt: Date.now(),
      closedAt: Date.now(),
    };
    const { user } = await openEntry();
    api
      .get(API.contract.getContractList, { items: [settled], page: 1, size: 20, total: 1 })
      .get(API.spot.history, { items: [filled], page: 1, size: 20, total: 1 });
    await user.click(screen.getByRole('tab', { name: 'Spot' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const orders = screen.getByRole('region', { name: 'Your orders' });
    await within(orders).findByTestId('spot-row');
    expect(within(orders).queryByTestId('contract-row')).toBeNull();
    // Back on the seconds contract: its history is the contracts'.
    await user.click(screen.getByRole('tab', { name: 'Seconds contract' }));
    await within(orders).findByTestId('contract-row');
    expect(within(orders).queryByTestId('spot-row')).toBeNull();
  });

  it('disables Up and Down while the market is closed, and says when it opens', async () => {
    const nextOpen = Date.UTC(2031, 0, 6, 0, 0, 0);
    const { up, down } = await openEntry({ market: { ...openMarket, open: false, nextOpen } });
    await waitFor(() => expect(up.disabled).toBe(true));
    expect(down.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(/^Market closed · opens /);
  });
});

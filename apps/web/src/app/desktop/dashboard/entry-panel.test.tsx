import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API,
  instrumentOf,
  type ContractProduct,
  type Instrument,
  type SpotOrder,
  type TradingTime,
  type WalletBalance,
  type WsTick,
} from '@app/contract';
import { loginPathFor } from '../../../lib/routing/paths';
import { api, FakeWebSocket, type SentRequest } from '../../../test/network';
import { findKitDialog, queryClient, renderWithProviders, signIn } from '../../../test/render';
import { toasts } from '../../../test/toasts';
import { EntryPanel } from './entry-panel';

const btc = instrumentOf('BTCUSDT') as Instrument;

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

/** The live quote the realtime feed sends: buy at the ask, sell at the bid. */
const tick: WsTick = {
  symbol: 'BTCUSDT',
  price: '67400.00',
  bid: '67399.50',
  ask: '67401.50',
  change24h: null,
  changePercent24h: null,
  high24h: null,
  low24h: null,
  volume24h: '0',
  quoteVolume24h: '0',
  time: Date.now(),
  stale: false,
  complete24h: true,
};

/** Balances of the currency account (spot): 1,000.5 USDT to buy with, 0.5 BTC to sell. */
const currency: Record<string, string> = { USDT: '1000.5', BTC: '0.5' };

function filledOrder(amount: string): SpotOrder {
  return {
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
    amount,
    fillPrice: '67401.50',
    total: '674.015',
    fee: '0.674015',
    feeAsset: 'USDT',
    createdAt: Date.now(),
    closedAt: Date.now(),
  };
}

/** The dashboard's order entry for BTC/USDT, signed in, on its Spot tab with the live quote in. */
async function openSpot({ typeUser = 'real' as const }: { typeUser?: 'real' | 'demo' } = {}) {
  signIn({ typeUser });
  queryClient.setQueryData(['contract-products', 'CRYPTO'], products);
  api.get(API.forex.checkTradingTime, openMarket).get(
    API.account.getValidAssetById,
    (r: SentRequest): WalletBalance => ({
      asset: r.query.asset ?? '',
      available: r.query.wallet === 'currency' ? (currency[r.query.asset ?? ''] ?? '0') : '500',
      frozen: '0',
    }),
  );
  const view = renderWithProviders(<EntryPanel instrument={btc} />, {
    route: '/pages/desktop/dashboard/index?symbol=BTCUSDT',
  });
  await view.user.click(screen.getByRole('tab', { name: 'Spot' }));
  // The realtime stream of the symbol has subscribed; the server sends the quote.
  await waitFor(() =>
    expect(FakeWebSocket.opened.some((s) => s.sent.some((m) => JSON.stringify(m).includes('"realtime:BTCUSDT"')))).toBe(
      true,
    ),
  );
  FakeWebSocket.broadcast({ eventType: 'ticker', data: tick });
  await waitFor(() => expect(marketPrice()).toBe('67,401.50'));
  await screen.findByText('Available: 1,000.50 USDT (Currency account)');
  const amount = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount (BTC)' });
  return { ...view, amount };
}

const marketPrice = () => screen.queryByText('Market price')?.nextElementSibling?.textContent;
const estimatedTotal = () => screen.getByText('Estimated total (before fee)').nextElementSibling?.textContent;
const fieldError = (input: HTMLInputElement) =>
  input.getAttribute('aria-invalid') === 'true'
    ? input.closest('.field')?.querySelector('.field__error')?.textContent
    : null;
const orders = () => api.sent('POST', API.spot.order);

describe('the dashboard order entry', () => {
  it('asks a visitor to log in or register', () => {
    renderWithProviders(<EntryPanel instrument={btc} />, { route: '/pages/desktop/dashboard/index?symbol=BTCUSDT' });
    expect(screen.getByText('Log in to place seconds contracts and spot orders.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      loginPathFor('/pages/desktop/dashboard/index?symbol=BTCUSDT'),
    );
    expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
  });

  it('checks a contract stake as the trade page does', async () => {
    signIn();
    queryClient.setQueryData(['contract-products', 'CRYPTO'], products);
    api
      .get(API.forex.checkTradingTime, openMarket)
      .get(API.account.getValidAssetById, { asset: 'USDT', available: '500', frozen: '0' });
    const { user } = renderWithProviders(<EntryPanel instrument={btc} />);
    const stake = screen.getByRole<HTMLInputElement>('textbox', { name: 'Stake (USDT)' });
    await user.type(stake, '9.99');
    await user.click(screen.getByRole('button', { name: 'Up' }));
    expect(fieldError(stake)).toBe('The stake must be between 10.00 and 1,000.00 USDT');
    expect(api.sent('POST', API.contract.create)).toEqual([]);
  });

  it('buys at the ask: the estimated total follows the amount, with the coin’s decimals', async () => {
    const { user, amount } = await openSpot();
    expect(estimatedTotal()).toBe('--');
    await user.type(amount, '0.0123456');
    // BTC amounts have 5 decimals: the sixth is not typed.
    expect(amount.value).toBe('0.01234');
    // 0.01234 × 67,401.50 = 831.734510, shown to the cent, cut.
    expect(estimatedTotal()).toBe('≈ 831.73 USDT');
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeTruthy();
  });

  it.each([
    ['no amount', 'buy', '', 'This field is required'],
    ['a zero amount', 'buy', '0', 'Amount Invalid'],
    ['a buy costing more than the USDT held', 'buy', '0.01485', 'Your amount is not enough'],
    ['a sale of more BTC than held', 'sell', '0.50001', 'Your amount is not enough'],
  ])('refuses %s and sends nothing', async (_case, side, typed, message) => {
    const { user, amount } = await openSpot();
    if (side === 'sell') await user.click(screen.getByRole('radio', { name: 'Sell' }));
    if (typed) await user.type(amount, typed);
    await user.click(screen.getByRole('button', { name: side === 'sell' ? 'Sell BTC' : 'Buy BTC' }));
    expect(fieldError(amount)).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(orders()).toEqual([]);
  });

  it('asks for a limit price, starting from the market price, with the instrument’s price decimals', async () => {
    const { user, amount } = await openSpot();
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    const price = screen.getByRole<HTMLInputElement>('textbox', { name: 'Price (USDT)' });
    expect(price.value).toBe('67401.50');
    await user.clear(price);
    await user.type(price, '65000.129');
    expect(price.value).toBe('65000.12');
    await user.clear(price);
    await user.type(amount, '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(fieldError(price)).toBe('This field is required');
    expect(orders()).toEqual([]);
  });

  it('places a valid order once it is confirmed, and says it filled', async () => {
    api.post(API.spot.order, filledOrder('0.01'));
    const { user, amount } = await openSpot();
    await user.type(amount, '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));

    const dialog = await findKitDialog();
    expect(within(dialog).getByText('Confirm order')).toBeTruthy();
    const row = (term: string) => within(dialog).getByText(term).nextElementSibling?.textContent;
    expect(row('Amount')).toBe('0.01000 BTC');
    expect(row('Estimated total (before fee)')).toBe('≈ 674.01 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]?.body).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' });
    await waitFor(() => expect(toasts).toContainEqual({ message: 'Order filled', kind: 'success' }));
    expect(amount.value).toBe('');
  });

  it('in demo mode, shows the badge and warns that it is a trial before the first order', async () => {
    api.post(API.spot.order, filledOrder('0.01'));
    const { user, amount } = await openSpot({ typeUser: 'demo' });
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo mode');
    await user.type(amount, '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));

    const warning = await findKitDialog();
    expect(warning.textContent).toContain('This is a trial version, investments are not real. Continue?');
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(orders()).toEqual([]);
  });
});

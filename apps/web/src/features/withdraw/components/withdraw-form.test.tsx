import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  API,
  HEADER,
  type RechargeType,
  type WithdrawAddress,
  type WithdrawAddressInfo,
  type Withdrawal,
  type WithdrawFeeInfo,
  type WithdrawQuote,
} from '@app/contract';
import { api, refusal, type SentRequest } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session/session-store';
import { toasts } from '../../../test/toasts';
import { WithdrawForm } from './withdraw-form';

const HOUR = 3_600_000;

const usdt: RechargeType = {
  symbol: 'USDT',
  name: 'Tether USD',
  icon: '',
  available: true,
  chains: [
    {
      chain: 'ethereum',
      chainName: 'Ethereum',
      protocol: 'ERC20',
      family: 'evm',
      token: null,
      decimals: 6,
      minDeposit: '1',
      confirmations: 12,
      enabled: true,
      state: 'available',
      devChain: false,
    },
  ],
};

const savedAddress: WithdrawAddress = {
  id: 'addr-1',
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  nickname: 'Ledger',
  createdAt: Date.now() - 48 * HOUR,
  usableFrom: Date.now() - 24 * HOUR,
  state: 'usable',
};

const addressInfo: WithdrawAddressInfo = {
  currency: 'USDT',
  chains: [{ chainType: 'ethereum', chainName: 'Ethereum', protocol: 'ERC20', addresses: [savedAddress] }],
  nextUsableAt: null,
};

/** USDT on Ethereum: 1 USDT fee inside the amount, 10 to 5,000 a withdrawal, 3,000 left of 10,000 today, 4,000.5 held. */
const feeInfo: WithdrawFeeInfo = {
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  available: true,
  unavailable: null,
  fee: '1',
  standardFee: '1',
  vipLevel: 0,
  feeWaived: false,
  feeWaivedUntil: null,
  minAmount: '10',
  maxAmount: '5000',
  dailyLimit: '10000',
  dailyRemaining: '3000',
  balance: '4000.5',
  amountDecimals: 6,
  fundPasswordSet: true,
  lockedUntil: null,
  lockReason: null,
  frozen: false,
};

const quote: WithdrawQuote = {
  quoteId: 'q-1',
  expiresAt: Date.now() + 120_000,
  validSeconds: 120,
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  address: savedAddress.address,
  nickname: 'Ledger',
  amount: '250.5',
  fee: '1',
  feeWaived: false,
  receive: '249.5',
};

const withdrawal: Withdrawal = {
  id: 'w-1',
  number: 'W0001',
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  address: savedAddress.address,
  nickname: 'Ledger',
  amount: '250.5',
  fee: '1',
  receive: '249.5',
  state: 'processing',
  reason: null,
  note: null,
  txHash: null,
  confirmations: null,
  requiredConfirmations: 12,
  cancellable: true,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  completedAt: null,
};

/** The withdraw form of a signed-in user, the server answering with `fee` (and the address book above). */
async function openForm(fee: Partial<WithdrawFeeInfo> = {}) {
  signIn();
  api.get(API.currencyAddress.info, addressInfo).get(API.userWithdraw.withdrawFee, { ...feeInfo, ...fee });
  const onWithdrawn = vi.fn<(w: Withdrawal) => void>();
  const view = renderWithProviders(
    <WithdrawForm coins={[usdt]} initial={{ currency: 'USDT', chain: 'ethereum' }} onWithdrawn={onWithdrawn} />,
  );
  const figures = await screen.findByTestId('withdraw-figures');
  const amount = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
  const submit = screen.getByRole('button', { name: 'Withdraw' });
  return { ...view, onWithdrawn, figures, amount, submit };
}

/** The message shown under the amount, if any. */
const amountError = (amount: HTMLInputElement) =>
  amount.getAttribute('aria-invalid') === 'true'
    ? amount.closest('.field')?.querySelector('.field__error')?.textContent
    : null;
const receipt = () => screen.getByTestId('withdraw-receive').textContent;
const creates = (): SentRequest[] => api.sent('POST', API.userWithdraw.create);

describe('the withdraw form', () => {
  it('shows the fee, the limits and what is left today, from the server’s answer', async () => {
    const { figures, amount } = await openForm();
    const row = (term: string) => within(figures).getByText(term).nextElementSibling?.textContent;
    expect(row('Fee')).toBe('1 USDT');
    expect(row('Per withdrawal')).toBe('10 to 5,000 USDT');
    expect(row('Left today')).toBe('3,000 of 10,000 USDT');
    expect(row('Expected receipt')).toBe('--');
    expect(screen.getByText('Available: 4,000.5 USDT. The fee is taken from this amount.')).toBeTruthy();
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Withdrawal address' }).selectedOptions[0]?.textContent,
    ).toBe(`Ledger · ${savedAddress.address}`);
    expect(amount.value).toBe('');
  });

  it('takes the fee from the amount: the address receives amount − fee', async () => {
    const { user, amount } = await openForm();
    await user.type(amount, '250.5');
    expect(receipt()).toBe('249.5 USDT');
    await user.clear(amount);
    await user.type(amount, '1000.000001');
    expect(receipt()).toBe('999.000001 USDT');
    // An amount that does not cover the fee receives nothing.
    await user.clear(amount);
    await user.type(amount, '1');
    expect(receipt()).toBe('--');
  });

  it('shows a waived fee as 0 with the standard fee beside it, and the whole amount received', async () => {
    const { user, amount } = await openForm({ fee: '0', standardFee: '2.5', feeWaived: true, feeWaivedUntil: null });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0 USDT (free for new users; standard fee 2.5 USDT)');
    await user.type(amount, '100');
    expect(receipt()).toBe('100 USDT');
  });

  it('shows a VIP tier’s lower fee with the tier and the standard fee, and takes it from the amount', async () => {
    const { user, amount } = await openForm({ fee: '0.750000', standardFee: '1.000000', vipLevel: 2 });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0.75 USDT (VIP 2; standard fee 1 USDT)');
    await user.type(amount, '100');
    expect(receipt()).toBe('99.25 USDT');
  });

  it('says until when a waived fee is free', async () => {
    await openForm({ fee: '0', standardFee: '2.5', feeWaived: true, feeWaivedUntil: Date.UTC(2031, 0, 31, 12, 0, 0) });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe(
      '0 USDT (free for new users until 2031-01-31 12:00:00; standard fee 2.5 USDT)',
    );
  });

  it('"All" fills the most that can be sent now: the least of the balance, the maximum and what is left today', async () => {
    const { user, amount } = await openForm();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(amount.value).toBe('3000');
    expect(receipt()).toBe('2,999 USDT');
  });

  it.each([
    ['nothing', '', 'This field is required'],
    ['zero', '0', 'Amount Invalid'],
    ['a dot alone', '.', 'Amount Invalid'],
    ['below the minimum', '9.99', 'The amount must be at least 10 USDT'],
    ['above the maximum', '5000.01', 'The amount must be at most 5000 USDT'],
    ['over the balance', '4000.51', 'Your amount is not enough'],
    ['over what is left today', '3000.01', 'This is over your daily limit; you can withdraw 3000 USDT more now'],
  ])('refuses %s before asking the server', async (_case, typed, message) => {
    const { user, amount, submit } = await openForm();
    if (typed) await user.type(amount, typed);
    await user.click(submit);
    expect(amountError(amount)).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(creates()).toEqual([]);
    // Typing again clears the message.
    await user.type(amount, '1');
    expect(amountError(amount)).toBeNull();
  });

  it('lets no letters in, and cuts an amount to the coin’s decimals as it is typed', async () => {
    const { user, amount, submit } = await openForm();
    await user.type(amount, 'abc');
    expect(amount.value).toBe('');
    await user.type(amount, '12,1234567');
    expect(amount.value).toBe('12.123456');
    await user.click(submit);
    expect(amountError(amount)).toBeNull();
    await waitFor(() => expect(creates()).toHaveLength(1));
  });

  it('sends a valid amount for a quote, and confirms it with the fund password', async () => {
    api.post(API.userWithdraw.create, quote).post(API.userWithdraw.confirm, withdrawal);
    const { user, amount, submit, onWithdrawn } = await openForm();
    await user.type(amount, '250.5');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(creates().map((r) => r.body)).toEqual([
      { currency: 'USDT', chainType: 'ethereum', addressId: 'addr-1', amount: '250.5' },
    ]);
    // The quote's figures, as the server computed them.
    const shown = (id: string) => within(dialog).getByTestId(`confirm-${id}`).querySelector('dd')?.textContent;
    expect([shown('amount'), shown('fee'), shown('receive')]).toEqual(['250.5 USDT', '1 USDT', '249.5 USDT']);

    // No fund password: asked for, nothing sent.
    const password = within(dialog).getByLabelText<HTMLInputElement>('Fund password');
    expect(password.type).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(api.sent('POST', API.userWithdraw.confirm)).toEqual([]);

    await user.type(password, 'fund-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onWithdrawn).toHaveBeenCalledWith(withdrawal));
    const [confirm] = api.sent('POST', API.userWithdraw.confirm);
    expect(confirm?.body).toEqual({ quoteId: 'q-1', fundPassword: 'fund-pass-1' });
    expect(confirm?.headers.get(HEADER.idempotencyKey)).toMatch(/.+/);
    expect(toasts).toContainEqual({ message: 'Withdrawal submitted', kind: 'success' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(amount.value).toBe('');
  });

  it('keeps the dialog open with the server’s words when the fund password is wrong', async () => {
    api.post(API.userWithdraw.create, quote).post(API.userWithdraw.confirm, refusal('FUND_PASSWORD_INCORRECT'));
    const { user, amount, submit, onWithdrawn } = await openForm();
    await user.type(amount, '250.5');
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    await user.type(within(dialog).getByLabelText('Fund password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Incorrect fund password')).toBeTruthy();
    expect(onWithdrawn).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Confirm withdrawal' })).toBe(dialog);
  });

  it('shows the server’s refusal of the amount beside it', async () => {
    api.post(API.userWithdraw.create, refusal('BALANCE_NOT_ENOUGH'));
    const { user, amount, submit } = await openForm();
    await user.type(amount, '100');
    await user.click(submit);
    await waitFor(() => expect(amountError(amount)).toBe('Your amount is not enough'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why withdrawals are unavailable and since when, as the server gives it, in the user’s language', async () => {
    const since = Date.parse('2026-11-20T08:30:00Z');
    signIn();
    api.get(API.currencyAddress.info, addressInfo).get(API.userWithdraw.withdrawFee, {
      ...feeInfo,
      available: false,
      unavailable: { reason: 'node_unreachable', since },
    });
    renderWithProviders(
      <WithdrawForm coins={[usdt]} initial={{ currency: 'USDT', chain: 'ethereum' }} onWithdrawn={() => undefined} />,
    );
    const notice = await screen.findByTestId('withdraw-blocked');
    expect(notice.getAttribute('data-reason')).toBe('node_unreachable');
    expect(within(notice).getByRole('heading', { name: 'Not available now' })).toBeTruthy();
    expect(notice.textContent).toContain(
      `Our connection to the Ethereum network is down, so withdrawals of USDT cannot be sent. Since ${formatDateTime(since)}.`,
    );
    expect(screen.queryByRole('textbox', { name: 'Amount' })).toBeNull();
    await act(async () => useSessionStore.getState().setLanguage('de'));
    await waitFor(() =>
      expect(notice.textContent).toContain(
        'Unsere Verbindung zum Ethereum-Netzwerk ist unterbrochen, daher können Auszahlungen von USDT nicht gesendet werden.',
      ),
    );
    expect(notice.textContent).toContain(`Seit ${formatDateTime(since)}.`);
  });

  it.each([
    ['hot_wallet_short', 'Our Ethereum wallet does not hold enough to pay a withdrawal of USDT right now'],
    ['no_node', 'this server has no connection to the Ethereum network'],
    ['switched_off', 'Withdrawals of USDT on Ethereum have been paused by our operators.'],
    ['chain_unsupported', 'Withdrawals on Ethereum are not offered yet'],
  ] as const)('names the reason %s', async (reason, words) => {
    signIn();
    api.get(API.currencyAddress.info, addressInfo).get(API.userWithdraw.withdrawFee, {
      ...feeInfo,
      available: false,
      unavailable: { reason, since: null },
    });
    renderWithProviders(
      <WithdrawForm coins={[usdt]} initial={{ currency: 'USDT', chain: 'ethereum' }} onWithdrawn={() => undefined} />,
    );
    const notice = await screen.findByTestId('withdraw-blocked');
    expect(notice.textContent).toContain(words);
    // No time known: no "Since".
    expect(notice.textContent).not.toContain('Since');
  });

  it('leads to setting a fund password instead of the form when none is set', async () => {
    signIn();
    api
      .get(API.currencyAddress.info, addressInfo)
      .get(API.userWithdraw.withdrawFee, { ...feeInfo, fundPasswordSet: false });
    renderWithProviders(
      <WithdrawForm coins={[usdt]} initial={{ currency: 'USDT', chain: 'ethereum' }} onWithdrawn={() => undefined} />,
    );
    expect(await screen.findByText('Withdrawing needs your fund password. You have not set one yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set fund password' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount' })).toBeNull();
  });
});

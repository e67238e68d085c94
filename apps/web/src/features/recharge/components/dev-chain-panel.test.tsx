import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API, type DevChainSent, type RechargeList, type RechargeRecord } from '@app/contract';
import { api } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { DevChainPanel } from './dev-chain-panel';

const TX = `0x${'ab'.repeat(32)}`;
const sent: DevChainSent = {
  symbol: 'USDT',
  chain: 'ethereum',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '100.000000',
  txHash: TX,
  blockNumber: 12,
};
const record = (over: Partial<RechargeRecord>): RechargeRecord => ({
  number: 'd-1',
  symbol: 'USDT',
  chain: 'ethereum',
  amount: '100.000000',
  quantity: '0',
  channel: 'terminal',
  status: 'in_progress',
  from: null,
  fromLabel: null,
  to: sent.address,
  txHash: TX,
  confirmations: 1,
  confirmationsRequired: 3,
  failReason: null,
  time: Date.now(),
  completedAt: null,
  ...over,
});
const page = (items: RechargeRecord[]): RechargeList => ({ items, page: 1, size: 20, total: items.length });

describe('the development chain panel of the deposit card', () => {
  it('says the coins are test coins, sends 100 test USDT with the button, and follows the deposit until it is credited', async () => {
    signIn();
    let records: RechargeRecord[] = [];
    api.get(API.userRecharge.list, () => page(records)).post(API.userRecharge.devChainSend, sent);
    const { user } = renderWithProviders(<DevChainPanel symbol="USDT" />);
    const panel = screen.getByTestId('dev-chain');
    expect(within(panel).getByRole('heading', { name: 'Development chain: test coins' })).toBeTruthy();
    expect(panel.textContent).toContain('USDT on it is a test coin, not real money');

    await user.click(screen.getByRole('button', { name: 'Send 100 test USDT to this address' }));
    expect(api.sent('POST', API.userRecharge.devChainSend).map((r) => r.body)).toEqual([
      { symbol: 'USDT', amount: '100' },
    ]);
    const status = screen.getByTestId('dev-chain-status');
    await within(status).findByText('100 test USDT sent to your address (block 12).');
    expect(status.textContent).toContain('Waiting for the deposit to be seen on the chain');

    // The records are asked again until the deposit shows, with its confirmations, then credited.
    records = [record({})];
    await within(status).findByText(/1 of 3 confirmations/, {}, { timeout: 5000 });
    records = [record({ status: 'success', quantity: '100.000000', confirmations: 3, completedAt: Date.now() })];
    await within(status).findByText(/100 USDT credited to your account/, {}, { timeout: 5000 });
  });

  it('in the demo account says it was sent, and follows nothing (the deposit goes to the real account)', async () => {
    signIn({ typeUser: 'demo' });
    api.get(API.userRecharge.list, page([])).post(API.userRecharge.devChainSend, sent);
    const { user } = renderWithProviders(<DevChainPanel symbol="USDT" />);
    await user.click(screen.getByRole('button', { name: 'Send 100 test USDT to this address' }));
    const status = screen.getByTestId('dev-chain-status');
    await within(status).findByText('100 test USDT sent to your address (block 12).');
    expect(status.textContent).not.toContain('Waiting');
  });

  it('on a coin the chain does not send (USDC), only says so: no button', () => {
    signIn();
    api.get(API.userRecharge.list, page([]));
    renderWithProviders(<DevChainPanel symbol="USDC" />);
    expect(screen.getByTestId('dev-chain').textContent).toContain('USDC on it is a test coin');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

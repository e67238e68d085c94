import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API, type SpotOrder } from '@app/contract';
import { api } from '../../../test/network';
import { findKitDialog, renderWithProviders, signIn } from '../../../test/render';
import { SpotRow } from './spot-row';

const resting: SpotOrder = {
  id: 's-open',
  typeUser: 'real',
  symbol: 'BTCUSDT',
  displaySymbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  side: 'buy',
  type: 'limit',
  status: 'open',
  price: '60000',
  amount: '0.01',
  fillPrice: null,
  total: null,
  fee: null,
  feeAsset: 'USDT',
  createdAt: Date.now(),
  closedAt: null,
};

function showRow() {
  signIn();
  return renderWithProviders(
    <ul>
      <SpotRow order={resting} />
    </ul>,
  );
}

const cancels = () => api.sent('POST', API.spot.cancel);

describe('cancelling a resting spot order', () => {
  it('asks with a question, the order, "Keep order" to dismiss and a confirm that says what it does', async () => {
    const { user } = showRow();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await findKitDialog();
    expect(within(dialog).getByText('Cancel this order?')).toBeTruthy();
    expect(within(dialog).getByText('Order: Buy 0.01000 BTC')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Keep order', 'Yes, cancel']));
    // The title and the confirm no longer say the same words.
    expect(within(dialog).queryByText('Cancel order')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels()).toEqual([]);
  });

  it('cancels once confirmed', async () => {
    api.post(API.spot.cancel, { ...resting, status: 'cancelled', closedAt: Date.now() });
    const { user } = showRow();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await findKitDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(cancels()).toHaveLength(1));
    expect(cancels()[0]?.body).toEqual({ orderId: 's-open' });
  });
});

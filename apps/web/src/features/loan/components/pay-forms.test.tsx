import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { API, type LoanPayAllQuote, type LoanProduct } from '@app/contract';
import { api } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { useSessionStore } from '../../../lib/session/session-store';
import { PayAllForm } from './pay-forms';
import { ProductList } from './product-list';

const EMPTY: LoanPayAllQuote = {
  quoteId: null,
  expiresAt: null,
  currency: 'USDT',
  items: [],
  total: '0.000000',
  balance: '12.000000',
  enough: true,
};

describe('pay all loans', () => {
  it('says there is no loan to pay when the quote is empty (an empty state, not an error)', async () => {
    signIn();
    api.get(API.loan.estimatePaidLoans, EMPTY);
    renderWithProviders(<PayAllForm onPaid={() => undefined} />);
    expect((await screen.findByTestId('loans-empty')).textContent).toBe('You have no loan to repay.');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the loan products', () => {
  it("are named in the app's language, asked again when the language changes", async () => {
    const product: LoanProduct = {
      id: '7d6f0e1c-2f6a-4b8e-9d0a-1a2b3c4d5e6f',
      name: 'USDT 14 days',
      currency: 'USDT',
      minAmount: '100.000000',
      maxAmount: '5000.000000',
      periodDays: 14,
      dailyRate: '0.0005',
      lateDailyRate: '0.001',
      enabled: true,
    };
    // The server names products in the request's `lang`.
    api.get(API.loan.productList, (r: { headers: Headers }) => [
      { ...product, name: r.headers.get('lang') === 'ja' ? 'USDT 14日間' : product.name },
    ]);
    renderWithProviders(<ProductList />);
    await screen.findByRole('heading', { name: 'USDT 14 days USDT' });
    await act(async () => useSessionStore.getState().setLanguage('jp'));
    await screen.findByRole('heading', { name: 'USDT 14日間 USDT' });
    expect(api.sent('GET', API.loan.productList).map((r) => r.headers.get('lang'))).toEqual(['en', 'ja']);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FinancingEstimate } from '@app/contract';
import { renderWithProviders } from '../../../test/render';
import { EstimateFigures } from './estimate-figures';

/** 1,000.5 USDT for 14 days at 10.7 % a year: the server's interest keeps six decimals. */
const estimate: FinancingEstimate = {
  productId: '7d6f0e1c-2f6a-4b8e-9d0a-1a2b3c4d5e6f',
  currency: 'USDT',
  amount: '1000.5',
  days: 14,
  annualRate: '0.107',
  interest: '4.106157',
  total: '1004.606157',
  subscribedAt: Date.UTC(2026, 10, 29, 5, 36, 9),
  accrualStart: Date.UTC(2026, 10, 30),
  maturesAt: Date.UTC(2026, 11, 14),
  earlyRedemption: 'keep',
  token: 'token-token-token-token',
  tokenExpiresAt: Date.UTC(2026, 10, 29, 5, 41, 9),
};

const figure = (id: string) => within(screen.getByTestId(`estimate-${id}`)).getByRole('definition').textContent;

describe('the financing estimate', () => {
  it('shows the interest and the total at maturity to the cent, truncated, like every other sum of money', () => {
    renderWithProviders(<EstimateFigures estimate={estimate} full />);
    expect(figure('interest')).toBe('4.10 USDT');
    expect(figure('total')).toBe('1,004.60 USDT');
    // The amount subscribed is shown as it was entered.
    expect(figure('amount')).toBe('1,000.5 USDT');
  });
});

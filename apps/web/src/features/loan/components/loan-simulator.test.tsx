import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type LoanProduct } from '@app/contract';
import { api } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { ApplyForm } from './apply-form';
import { LoanSimulator } from './loan-simulator';

/** 100 to 5,000 USDT for 14 days at 0.05 % a day (0.1 % late): the seeded product's terms. */
const product: LoanProduct = {
  id: '5b0c2f3e-8d1a-4c6e-9f7b-2a3d4e5f6a7b',
  name: 'USDT 14 days',
  currency: 'USDT',
  minAmount: '100.000000',
  maxAmount: '5000.000000',
  periodDays: 14,
  dailyRate: '0.0005',
  lateDailyRate: '0.001',
  enabled: true,
};

const DATE = /^\d{4}-\d\d-\d\d$/;

describe('the loan simulator', () => {
  it('works the period’s interest out to its result', () => {
    renderWithProviders(<LoanSimulator product={product} principal={1_000_000_000n} openLoans={[]} />);
    expect(screen.getByTestId('sim-worked').textContent).toBe(
      'For the whole period: 1,000 USDT × 0.05% × 14 days = 7 USDT',
    );
    expect(screen.getByTestId('sim-period-interest').textContent).toBe('7 USDT');
  });

  it('writes its dates as every page does (2026-12-12), not in a language’s own style', () => {
    renderWithProviders(<LoanSimulator product={product} principal={100_000_000n} openLoans={[]} />);
    expect(screen.getByTestId('sim-due').textContent).toMatch(DATE);
    const firstDay = screen.getByTestId('sim-schedule').querySelector('tr[data-kind="firstDay"] th')?.textContent;
    expect(firstDay).toMatch(/^On day 1 \(\d{4}-\d\d-\d\d\)$/);
    expect(screen.getByTestId('loan-simulator').textContent).not.toMatch(
      /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d/,
    );
  });

  it('stands above the button that applies, inside the application', () => {
    signIn();
    api.get(API.rule.getRule, { productId: product.id, lang: 'en', fallback: false, text: 'The rules.' });
    renderWithProviders(<ApplyForm product={product} openLoans={[]} onApplied={() => {}} />);
    const form = screen.getByRole('form', { name: 'Apply for USDT 14 days' });
    const simulator = screen.getByTestId('loan-simulator');
    const apply = screen.getByRole('button', { name: 'Apply for the loan' });
    expect(form.contains(simulator)).toBe(true);
    expect(simulator.compareDocumentPosition(apply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

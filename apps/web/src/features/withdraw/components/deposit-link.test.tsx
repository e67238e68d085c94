import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DESKTOP_PATHS, PATHS } from '../../../lib/routing/paths';
import { renderWithProviders, signIn } from '../../../test/render';
import { WithdrawDeskPage } from './desktop/withdraw-desk-page';
import { WithdrawPage } from './withdraw-pages';

describe('Deposit beside Withdraw (issue 34)', () => {
  it('the phone withdraw page links to Deposit', () => {
    signIn();
    renderWithProviders(<WithdrawPage />, { route: PATHS.withdraw });
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(PATHS.recharge);
  });

  it('the desktop withdraw page links to the desktop Deposit page', () => {
    signIn();
    renderWithProviders(<WithdrawDeskPage />, { route: DESKTOP_PATHS.withdraw });
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(DESKTOP_PATHS.recharge);
  });
});

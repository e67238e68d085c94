import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import { renderWithProviders, signIn } from '../../../../test/render';
import { OtcDeskPage } from './otc-desk-page';

describe('the desktop OTC page', () => {
  it('offers Deposit beside the order form (issue 34)', () => {
    signIn();
    renderWithProviders(<OtcDeskPage />, { route: DESKTOP_PATHS.otc });
    const order = screen.getByRole('region', { name: 'OTC' });
    expect(within(order).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(DESKTOP_PATHS.recharge);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DESKTOP_PATHS } from '../../lib/routing/paths';
import { renderWithProviders, signIn } from '../../test/render';
import { TopNav } from './top-nav';

describe('the desktop top navigation', () => {
  it('leads a signed-in user to Deposit from every page, and from the user menu beside Withdraw (issue 34)', async () => {
    signIn();
    const { user } = renderWithProviders(<TopNav />, { route: DESKTOP_PATHS.asset });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(DESKTOP_PATHS.recharge);

    await user.click(within(header).getByRole('button', { expanded: false }));
    const menu = within(header).getAllByRole('list').at(-1) as HTMLElement;
    const items = within(menu).getAllByRole('link');
    expect(items.slice(0, 2).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Deposit', DESKTOP_PATHS.recharge],
      ['Withdraw', DESKTOP_PATHS.withdraw],
    ]);
  });

  it('marks Deposit as the current page there', () => {
    signIn();
    renderWithProviders(<TopNav />, { route: DESKTOP_PATHS.recharge });
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers a visitor no Deposit: log in and register instead', () => {
    renderWithProviders(<TopNav />, { route: DESKTOP_PATHS.dashboard });
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    screen.getByRole('link', { name: 'Log in' });
  });
});

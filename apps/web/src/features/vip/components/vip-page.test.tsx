import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API, type VipInfo, type VipStanding } from '@app/contract';
import { api } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { VipDeskPage } from './desktop/vip-desk-page';
import { VipPage } from './vip-page';
import '../strings';

const TIERS: VipInfo['tiers'] = [
  {
    level: 1,
    minVolumeUsdt: '10000.00',
    minBalanceUsdt: '5000.00',
    withdrawFeeDiscountBps: 1000,
    otcSpreadDiscountBps: 1000,
    withdrawLimitBps: 12500,
  },
  {
    level: 2,
    minVolumeUsdt: '50000.00',
    minBalanceUsdt: '25000.00',
    withdrawFeeDiscountBps: 2500,
    otcSpreadDiscountBps: 0,
    withdrawLimitBps: 15000,
  },
];

const ME: VipStanding = {
  level: 1,
  volumeUsdt: '12500.00',
  balanceUsdt: '1250.50',
  unpriced: [],
  benefits: { withdrawFeeDiscountBps: 1000, otcSpreadDiscountBps: 1000, withdrawLimitBps: 12500 },
  next: { level: 2, volumeToGoUsdt: '37500.00', balanceToGoUsdt: '23749.50' },
  at: Date.UTC(2026, 10, 18, 15, 0, 0),
};

function show(me: VipStanding | null, ui = <VipPage />) {
  if (me) signIn();
  api.get(API.vip.info, { volumeDays: 30, tiers: TIERS, me } satisfies VipInfo);
  return renderWithProviders(ui, { route: '/pages/home/vip' });
}

describe('the VIP page', () => {
  it('shows a visitor every tier and what it gives as cards on the phone, and asks them to log in for their own', async () => {
    show(null);
    const list = await screen.findByRole('list', { name: 'VIP tiers and their benefits' });
    const cards = [...list.querySelectorAll<HTMLElement>(':scope > li')];
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['VIP 1', 'VIP 2']);
    expect(within(cards[0]!).getByText('from 10,000.00 USDT')).toBeTruthy();
    expect(within(cards[0]!).getByText('from 5,000.00 USDT')).toBeTruthy();
    expect([...cards[1]!.querySelectorAll('.vip-benefits li')].map((li) => li.textContent)).toEqual([
      'Withdrawal fee 25% lower',
      'Withdrawal limits 1.5× the standard',
    ]);
    expect(screen.getByTestId('vip-visitor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/pages/login/login?redirect=${encodeURIComponent('/pages/home/vip')}`,
    );
    expect(screen.queryByTestId('vip-standing')).toBeNull();
  });

  it('shows the tiers as a table on the desktop', async () => {
    show(null, <VipDeskPage />);
    const table = await screen.findByRole('table', { name: 'VIP tiers and their benefits' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent))).toEqual([
      ['Tier', 'Traded in 30 days', 'or balance', 'Withdrawal fee', 'OTC spread', 'Withdrawal limits'],
      ['VIP 1', 'from 10,000.00 USDT', 'from 5,000.00 USDT', '−10%', '−10%', '1.25×'],
      ['VIP 2', 'from 50,000.00 USDT', 'from 25,000.00 USDT', '−25%', 'Standard', '1.5×'],
    ]);
  });

  it("shows the customer's tier, figures, benefits and how far the next tier is by either figure", async () => {
    show(ME);
    expect((await screen.findByTestId('vip-level')).textContent).toBe('VIP 1');
    expect(screen.getByTestId('vip-volume').textContent).toBe('12,500.00 USDT');
    expect(screen.getByTestId('vip-balance').textContent).toBe('1,250.50 USDT');
    expect([...screen.getByTestId('vip-benefits').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Withdrawal fee 10% lower',
      'OTC spread 10% narrower',
      'Withdrawal limits 1.25× the standard',
    ]);
    const next = screen.getByTestId('vip-next');
    expect(within(next).getByText('To reach VIP 2, either:')).toBeTruthy();
    expect(within(next).getByText('trade 37,500.00 USDT more')).toBeTruthy();
    expect(within(next).getByText('or hold 23,749.50 USDT more')).toBeTruthy();
    // 12,500 of 50,000 traded; 1,250.50 of 25,000 held.
    const bars = within(next).getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Traded in the last 30 days', '25'],
      ['Balance', '5'],
    ]);
    const mine = within(screen.getByRole('list', { name: 'VIP tiers and their benefits' })).getByRole('heading', {
      name: /VIP 1/,
    });
    expect(mine.textContent).toBe('VIP 1 (your tier)');
  });

  it('says when there is no tier yet and when the top tier is reached', async () => {
    show({
      ...ME,
      level: 0,
      benefits: { withdrawFeeDiscountBps: 0, otcSpreadDiscountBps: 0, withdrawLimitBps: 10000 },
      next: { level: 1, volumeToGoUsdt: '10000.00', balanceToGoUsdt: '5000.00' },
      volumeUsdt: '0.00',
      balanceUsdt: '0.00',
      unpriced: ['HT'],
    });
    expect((await screen.findByTestId('vip-level')).textContent).toBe('No tier yet');
    expect(screen.getByTestId('vip-benefits').textContent).toBe(
      'Standard withdrawal fees, OTC spread and withdrawal limits.',
    );
    expect(screen.getByText('Not counted in your balance (no price right now): HT')).toBeTruthy();
  });

  it('shows the top tier as reached, on the desktop beside the table', async () => {
    show({ ...ME, level: 2, next: null }, <VipDeskPage />);
    expect((await screen.findByTestId('vip-top')).textContent).toBe('You are in the highest tier.');
    expect(screen.getByRole('heading', { name: 'Tiers' })).toBeTruthy();
  });
});

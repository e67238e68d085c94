import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API, type HomeShortcut } from '@app/contract';
import { api, refusal } from '../../../test/network';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from './home-page';

/** The shortcut grid's links as shown: the key, the label and the page each opens. */
async function grid() {
  const section = screen.getByRole('heading', { name: 'Shortcuts' }).closest('section')!;
  await waitFor(() => expect(within(section).getAllByRole('link').length).toBeGreaterThan(0));
  return within(section)
    .getAllByRole('link')
    .map((a) => [a.dataset.shortcut, a.textContent, a.getAttribute('href')]);
}

function home(shortcuts: HomeShortcut[] | ReturnType<typeof refusal>) {
  api.get(API.banner.list, []);
  api.get(API.market.byTypeGetMarketPrice, []);
  api.get(API.home.shortcuts, shortcuts);
  return renderWithProviders(<HomePage />, { route: '/pages/home/index' });
}

describe("the home page's shortcuts", () => {
  it("shows the server's shortcuts in its order, with an operator's label and the page it chose", async () => {
    home([
      { key: 'ranking', label: 'Top movers', target: '/pages/home/ranking' },
      { key: 'deposit', label: null, target: '/pages/recharge/index' },
      { key: 'vip', label: null, target: '/pages/home/vip' },
      { key: 'noviceGuide', label: null, target: '/pages/home/novice-guide' },
      // Not an app page: never a link, whatever the server says.
      { key: 'otc', label: null, target: 'https://example.com/otc' },
    ]);
    expect(await grid()).toEqual([
      ['ranking', 'Top movers', '/pages/home/ranking'],
      ['deposit', 'Deposit', '/pages/recharge/index'],
      ['vip', 'VIP', '/pages/home/vip'],
      ['noviceGuide', 'Novice Guide', '/pages/home/novice-guide'],
    ]);
    // Cloud Mining Pool is not among them: hidden by the configuration.
    expect(screen.queryByText('Cloud Mining Pool')).toBeNull();
  });

  it('shows the default shortcuts, Cloud Mining Pool hidden, when the configuration cannot be read', async () => {
    home(refusal('INTERNAL_ERROR'));
    expect((await grid()).map(([key]) => key)).toEqual([
      'deposit',
      'vip',
      'otc',
      'noviceGuide',
      'liveChat',
      'ranking',
      'announcements',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { API, type GuideProgress, type UserInfo } from '@app/contract';
import { useSessionStore } from '../../../lib/session/session-store';
import { api } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { GuideDeskPage } from './desktop/guide-desk-page';
import { GuidePage } from './guide-page';
import '../strings';

const progress = (done: Partial<Record<GuideProgress['steps'][number]['key'], boolean>>): GuideProgress => {
  const steps = (['demo', 'contract', 'deposit', 'security'] as const).map((key) => ({
    key,
    done: done[key] ?? false,
  }));
  return { steps, done: steps.filter((s) => s.done).length, total: 4 };
};

const stateOf = (step: string) =>
  within(screen.getByTestId(`guide-step-${step}`)).queryByText(/^(Done|To do)$/)?.textContent ?? null;

describe('the novice guide', () => {
  it('shows a visitor the four steps without states, each with where to do it and what to read', () => {
    renderWithProviders(<GuidePage />, { route: '/pages/home/novice-guide' });
    expect(screen.getByTestId('guide-visitor')).toBeTruthy();
    const steps = within(screen.getByTestId('guide-steps')).getAllByRole('listitem');
    expect(steps.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      'Try the demo account',
      'Open your first seconds contract',
      'Make your first deposit',
      'Set your fund password',
    ]);
    expect(stateOf('demo')).toBeNull();
    const deposit = within(screen.getByTestId('guide-step-deposit'));
    expect(deposit.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/pages/recharge/index');
    expect(deposit.getByRole('link', { name: 'Read more in the help centre' }).getAttribute('href')).toBe(
      '/pages/profile/helper-center?category=deposits',
    );
    expect(
      within(screen.getByTestId('guide-step-security'))
        .getByRole('link', { name: 'Set fund password' })
        .getAttribute('href'),
    ).toBe('/pages/profile/security-center/payment-password');
    // Nothing is asked of the server without a session.
    expect(api.sent('GET', API.guide.progress)).toHaveLength(0);
  });

  it("shows the user's progress from the server, step by step", async () => {
    signIn();
    api.get(API.guide.progress, progress({ contract: true, security: true }));
    renderWithProviders(<GuidePage />, { route: '/pages/home/novice-guide' });
    expect((await screen.findByTestId('guide-summary')).textContent).toContain('2 of 4 done');
    expect(screen.getByRole('progressbar', { name: 'Your progress' }).getAttribute('aria-valuenow')).toBe('2');
    expect([stateOf('demo'), stateOf('contract'), stateOf('deposit'), stateOf('security')]).toEqual([
      'To do',
      'Done',
      'To do',
      'Done',
    ]);
  });

  it('switches to the demo account from the demo step and opens the trade page', async () => {
    signIn();
    api.get(API.guide.progress, progress({}));
    api.post(API.account.accountSwitch, { uid: '12345678' } as unknown as UserInfo);
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/pages/home/novice-guide" element={<GuidePage />} />
        <Route path="/pages/trade-chart/index" element={<p>trade page</p>} />
      </Routes>,
      { route: '/pages/home/novice-guide' },
    );
    await screen.findByTestId('guide-summary');
    await user.click(within(screen.getByTestId('guide-step-demo')).getByRole('button', { name: 'Switch to demo' }));
    await screen.findByText('trade page');
    expect(api.sent('POST', API.account.accountSwitch)[0]?.body).toEqual({ typeUser: 'demo' });
    expect(useSessionStore.getState().typeUser).toBe('demo');
  });

  it('says when everything is done, with the steps two by two on the desktop', async () => {
    signIn({ typeUser: 'demo' });
    api.get(API.guide.progress, progress({ demo: true, contract: true, deposit: true, security: true }));
    renderWithProviders(<GuideDeskPage />, { route: '/pages/desktop/novice-guide/index' });
    await waitFor(() => expect(screen.getByTestId('guide-summary').textContent).toContain('All done.'));
    expect(screen.getByTestId('guide-steps').className).toContain('guide-steps--desk');
    // Already on the demo account: the step leads straight to trading there.
    expect(within(screen.getByTestId('guide-step-demo')).getByRole('link', { name: 'Trade in demo' })).toBeTruthy();
  });
});

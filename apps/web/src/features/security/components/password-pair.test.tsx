import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { API, ERRORS, type UserInfo } from '@app/contract';
import { PATHS } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { api, refusal } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { toasts } from '../../../test/toasts';
import { ChangePasswordPage } from './change-password-page';
import { PaymentPasswordPage } from './payment-password-page';

/**
 * The server refuses a fund password that is the login password, and a login password that is the
 * fund password (FUND_PASSWORD_SAME_AS_LOGIN): the form says so at the new password's field.
 */
const user: UserInfo = {
  uid: '12345678',
  nickname: 'User12345678',
  avatar: null,
  email: 'jane.doe@example.com',
  countryCode: null,
  phone: null,
  invitationCode: 'ABC234',
  manager: null,
  typeUser: 'real',
  language: 'en',
  theme: 'light',
  hasFundPassword: false,
  createdAt: 0,
};
const SAME = ERRORS.FUND_PASSWORD_SAME_AS_LOGIN.en;

function render(path: string, element: React.ReactElement, hasFundPassword: boolean) {
  signIn();
  useSessionStore.setState({ user: { ...user, hasFundPassword } });
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      <Route path={PATHS.securityCenter} element={<p>security center</p>} />
    </Routes>,
    { route: path },
  );
}

describe('the login password and the fund password stay different', () => {
  it('setting the fund password: the refusal is shown at the fund password, once, and the page stays', async () => {
    api.post(API.user.setFundPassword, refusal('FUND_PASSWORD_SAME_AS_LOGIN'));
    const { user: person } = render(PATHS.paymentPassword, <PaymentPasswordPage />, false);
    await person.type(screen.getByLabelText('Fund password'), 'secret123');
    await person.type(screen.getByLabelText('Confirm fund password'), 'secret123');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(SAME);
    expect(screen.getByLabelText('Fund password').getAttribute('aria-invalid')).toBe('true');
    expect(toasts).toEqual([]);
    expect(screen.queryByText('security center')).toBeNull();
    // Typing again clears it.
    await person.type(screen.getByLabelText('Fund password'), '4');
    expect(screen.queryByText(SAME)).toBeNull();
  });

  it('changing the fund password: the same, at the new fund password', async () => {
    api.post(API.user.changeFundPassword, refusal('FUND_PASSWORD_SAME_AS_LOGIN'));
    const { user: person } = render(PATHS.paymentPassword, <PaymentPasswordPage />, true);
    await person.type(screen.getByLabelText('Current fund password'), 'fund1234');
    await person.type(screen.getByLabelText('New fund password'), 'secret123');
    await person.type(screen.getByLabelText('Confirm fund password'), 'secret123');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(SAME);
    expect(screen.getByLabelText('New fund password').getAttribute('aria-invalid')).toBe('true');
  });

  it('changing the login password: the refusal is shown at the new password; other failures still toast', async () => {
    api.post(API.user.changePassword, refusal('FUND_PASSWORD_SAME_AS_LOGIN'));
    const { user: person } = render(PATHS.changePassword, <ChangePasswordPage />, true);
    await person.type(screen.getByLabelText('Current password'), 'secret123');
    await person.type(screen.getByLabelText('New password'), 'fund1234');
    await person.type(screen.getByLabelText('Confirm new password'), 'fund1234');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(SAME);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(toasts).toEqual([]);

    api.post(API.user.changePassword, refusal('OLD_PASSWORD_INCORRECT'));
    await person.type(screen.getByLabelText('New password'), '9');
    await person.type(screen.getByLabelText('Confirm new password'), '9');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts).toEqual([{ message: ERRORS.OLD_PASSWORD_INCORRECT.en, kind: 'error' }]));
  });
});

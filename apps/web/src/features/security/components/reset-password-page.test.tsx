import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { API, ERRORS, type LoginResult, type UserInfo } from '@app/contract';
import { PATHS } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { api, refusal } from '../../../test/network';
import { renderWithProviders, signIn } from '../../../test/render';
import { toasts } from '../../../test/toasts';
import { ChangePasswordPage } from './change-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { SecurityCenterPage } from './security-center-page';

const user: UserInfo = {
  uid: '12345678',
  nickname: 'User12345678',
  avatar: null,
  email: 'jane.doe@example.com',
  countryCode: '44',
  phone: '7700900123',
  invitationCode: 'ABC234',
  manager: null,
  typeUser: 'real',
  language: 'en',
  theme: 'light',
  hasFundPassword: false,
  createdAt: 0,
};

/** The reset page at its address, the security center where it goes back to. */
function renderReset() {
  signIn();
  useSessionStore.setState({ user });
  return renderWithProviders(
    <Routes>
      <Route path={PATHS.resetPassword} element={<ResetPasswordPage />} />
      <Route path={PATHS.securityCenter} element={<p>security center</p>} />
    </Routes>,
    { route: PATHS.resetPassword },
  );
}

describe('the signed-in password reset (/pages/profile/reset-password)', () => {
  it("sends a forgot_password code to the account's own e-mail or phone, never asking for the current password", async () => {
    api.post(API.user.sendOtp, { resendAfterSeconds: 60, expiresInSeconds: 600 });
    api.post(API.user.sendSmsOtp, { resendAfterSeconds: 60, expiresInSeconds: 600 });
    const { user: person } = renderReset();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect((screen.getByRole('radio', { name: 'Email ja****@example.com' }) as HTMLInputElement).checked).toBe(true);
    await person.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.sent('POST', API.user.sendOtp)).toHaveLength(1));
    expect(api.sent('POST', API.user.sendOtp)[0]?.body).toEqual({
      email: 'jane.doe@example.com',
      purpose: 'forgot_password',
    });
    await person.click(screen.getByRole('radio', { name: 'Phone +44 ****0123' }));
    await person.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.sent('POST', API.user.sendSmsOtp)).toHaveLength(1));
    expect(api.sent('POST', API.user.sendSmsOtp)[0]?.body).toEqual({
      countryCode: '44',
      phone: '7700900123',
      purpose: 'forgot_password',
    });
  });

  it('checks the form before asking, then stores the new token and goes back to the security center', async () => {
    const result: LoginResult = { token: 'fresh-token', user };
    api.post(API.user.resetPassword, result);
    const { user: person } = renderReset();
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(api.sent('POST', API.user.resetPassword)).toHaveLength(0);

    await person.type(screen.getByLabelText('Verification code'), '4821');
    await person.type(screen.getByLabelText('New password'), 'brand-new-1');
    await person.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('security center');
    expect(api.sent('POST', API.user.resetPassword)[0]?.body).toEqual({
      channel: 'email',
      code: '4821',
      password: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(useSessionStore.getState().token).toBe('fresh-token');
    expect(toasts.at(-1)).toEqual({
      message: 'Login password reset. Other devices have been logged out.',
      kind: 'success',
    });
  });

  it('says a wrong code and stays on the page, keeping the session it had', async () => {
    api.post(API.user.resetPassword, refusal('CODE_INVALID'));
    const { user: person } = renderReset();
    await person.type(screen.getByLabelText('Verification code'), '0000');
    await person.type(screen.getByLabelText('New password'), 'brand-new-1');
    await person.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ message: ERRORS.CODE_INVALID.en, kind: 'error' }));
    expect(api.sent('POST', API.user.resetPassword)).toHaveLength(1);
    expect(screen.queryByText('security center')).toBeNull();
    expect(useSessionStore.getState().token).toBe('test-token');
  });
});

describe('the fund password as the new login password', () => {
  it('is refused at the new password field, and the page stays', async () => {
    api.post(API.user.resetPassword, refusal('FUND_PASSWORD_SAME_AS_LOGIN'));
    const { user: person } = renderReset();
    await person.type(screen.getByLabelText('Verification code'), '4821');
    await person.type(screen.getByLabelText('New password'), 'fund-pass-1');
    await person.type(screen.getByLabelText('Confirm new password'), 'fund-pass-1');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(ERRORS.FUND_PASSWORD_SAME_AS_LOGIN.en);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(toasts).toEqual([]);
    expect(screen.queryByText('security center')).toBeNull();
  });
});

describe('the way to it', () => {
  it('is on the security center and under the change-password form', () => {
    signIn();
    useSessionStore.setState({ user });
    renderWithProviders(
      <>
        <SecurityCenterPage />
        <ChangePasswordPage />
      </>,
    );
    expect(screen.getByRole('link', { name: /^Reset login password/ }).getAttribute('href')).toBe(PATHS.resetPassword);
    expect(screen.getByRole('link', { name: 'Forgot your current password?' }).getAttribute('href')).toBe(
      PATHS.resetPassword,
    );
  });
});

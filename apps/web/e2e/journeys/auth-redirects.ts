/** Where visitors and expired sessions are sent, and the way back after logging in. */
import assert from 'node:assert/strict';
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  PASSWORD,
  loggedInContext,
  newPage,
  registerViaApi,
  storedSession,
  uniqueEmail,
  waitForPath,
} from '../harness';

async function visitorSentToLogin({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await waitForPath(page, '/pages/login/login');
  const url = new URL(page.url());
  assert(
    url.searchParams.get('redirect') === '/pages/assets/index',
    `redirect param was ${url.searchParams.get('redirect')}`,
  );
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await context.close();
}

async function returnAfterLogin({ browser, server }: JourneyContext) {
  const email = uniqueEmail('return');
  await registerViaApi(server, email);
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/security-center/index`);
  await waitForPath(page, '/pages/login/login');
  await page.getByRole('link', { name: 'Email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForPath(page, '/pages/profile/security-center/index');
  await context.close();
}

async function expiredSession({ browser, server }: JourneyContext) {
  const context = await loggedInContext(browser, {
    token: 'expired-or-unknown-token',
    user: {
      uid: '1',
      nickname: 'Ghost',
      avatar: null,
      email: 'ghost@example.com',
      countryCode: null,
      phone: null,
      invitationCode: 'X',
      manager: null,
      typeUser: 'real',
      language: 'en',
      theme: 'light',
      hasFundPassword: false,
      createdAt: Date.now(),
    },
  });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/account-setting/index`);
  await page.getByText('Login session expired').waitFor();
  await waitForPath(page, '/pages/login/login');
  assert(!(await storedSession(page)).token, 'the expired token is still stored');
  await context.close();
}

export const journeys: Journey[] = [
  { name: 'a visitor opening the assets page is sent to log in', fn: visitorSentToLogin },
  { name: 'after logging in, the visitor returns to the page they asked for', fn: returnAfterLogin },
  { name: 'an expired session is cleared and the user is sent to log in', fn: expiredSession },
];

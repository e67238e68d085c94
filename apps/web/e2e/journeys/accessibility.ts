/** axe-core over the login, register and profile pages, in both themes and the demo colours. */
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  SHOTS,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';

async function authAndProfilePages({ browser, server }: JourneyContext) {
  const visitor = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(visitor);
  for (const route of [
    '/pages/login/login',
    '/pages/login/email-login',
    '/pages/register/index',
    '/pages/register/email/index',
  ]) {
    await page.goto(`${server.baseUrl}${route}`);
    await page.getByRole('button', { name: /Log in|Next/ }).waitFor();
    await expectAccessible(page, route);
  }
  if (!SHOTS) await visitor.close();
  else {
    await page.goto(`${server.baseUrl}/pages/login/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await shot(page, 'login-phone');
    await visitor.close();
  }

  // Dark theme and demo colours keep their contrast too.
  for (const [theme, typeUser] of [
    ['dark', 'real'],
    ['light', 'demo'],
    ['dark', 'demo'],
  ]) {
    const styled = await browser.newContext({ viewport: MOBILE });
    await styled.addInitScript(
      (value) => window.localStorage.setItem('tw.session', value),
      JSON.stringify({
        state: { token: null, user: null, typeUser, language: 'en', theme, demoConfirmed: false },
        version: 1,
      }),
    );
    const styledPage = await newPage(styled);
    for (const route of ['/pages/login/login', '/pages/home/index']) {
      await styledPage.goto(`${server.baseUrl}${route}`);
      await styledPage
        .getByRole('link', { name: /Log in|Register now/ })
        .or(styledPage.getByRole('button', { name: 'Log in' }))
        .first()
        .waitFor();
      await expectAccessible(styledPage, `${route} (${theme}, ${typeUser})`);
    }
    await styled.close();
  }

  const login = await registerViaApi(server, uniqueEmail('axe'));
  const user = await loggedInContext(browser, login);
  const profile = await newPage(user);
  await profile.goto(`${server.baseUrl}/pages/profile/index`);
  await profile.getByRole('button', { name: 'Log out' }).waitFor();
  await expectAccessible(profile, 'profile');
  for (const route of [
    '/pages/profile/account-setting/index',
    '/pages/profile/security-center/index',
    '/pages/profile/language',
  ]) {
    await profile.goto(`${server.baseUrl}${route}`);
    await profile.locator('main').getByRole('link').or(profile.locator('main input')).first().waitFor();
    await expectAccessible(profile, route);
  }
  await profile.getByRole('radio', { name: 'English' }).waitFor();
  await profile.goto(`${server.baseUrl}/pages/profile/index`);
  await profile.getByRole('switch', { name: 'Dark mode' }).click();
  await profile.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await expectAccessible(profile, 'profile (dark)');
  await shot(profile, 'profile-dark');
  await user.close();
}

export const journeys: Journey[] = [
  {
    name: 'login, register and profile pages have no serious accessibility violations',
    fn: authAndProfilePages,
    slow: true,
  },
];

/** Registering by e-mail and by phone, logging out and in, and the register form's own checks. */
import assert from 'node:assert/strict';
import type { UserInfo } from '@app/contract';
import type { Page } from 'playwright-core';
import {
  type Journey,
  type JourneyContext,
  type Server,
  MOBILE,
  PASSWORD,
  api,
  newPage,
  readCode,
  shot,
  storedSession,
  uniqueEmail,
  waitForPath,
} from '../harness';

/** Registers `email` through the form, logs out from the profile and logs back in. */
async function registerLogOutAndLogIn(page: Page, server: Server, email: string) {
  // Register: e-mail, password twice, then the code from the outbox.
  await page.goto(`${server.baseUrl}/pages/register/email/index`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await shot(page, 'register-email');
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '/pages/register/email/verify-code');
  const code = await readCode(server.dataDir, email, { after: sentAt });
  await page.getByLabel('Verification code').fill(code);
  await assertResendWaiting(page);
  await shot(page, 'register-verify');
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/pages/home/index');
  await page.getByRole('heading', { name: /^Hello, / }).waitFor();
  assert((await storedSession(page)).token, 'no token stored after registering');
  await shot(page, 'home-user');

  // Log out from the profile.
  await page.getByRole('link', { name: 'Profile' }).click();
  await waitForPath(page, '/pages/profile/index');
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  await shot(page, 'profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await waitForPath(page, '/pages/login/login');
  assert(!(await storedSession(page)).token, 'the token is still stored after logging out');

  // Log in by e-mail.
  await page.getByRole('link', { name: 'Email' }).click();
  await waitForPath(page, '/pages/login/email-login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await shot(page, 'login-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForPath(page, '/pages/home/index');
  assert((await storedSession(page)).token, 'no token stored after logging in');
}

/** Switches to Japanese, sets a fund password, and checks the server kept both. */
async function japaneseAndFundPassword(page: Page, server: Server) {
  // Language: Japanese, sent as lang: ja and saved to the server.
  await page.goto(`${server.baseUrl}/pages/profile/language`);
  const saved = page.waitForRequest((r) => r.url().endsWith('/asset/api/user/update') && r.method() === 'POST');
  await page.getByText('日本語', { exact: true }).click();
  const update = await saved;
  assert(
    update.headers()['lang'] === 'ja',
    `the update request sent lang "${update.headers()['lang']}", expected "ja"`,
  );
  assert(
    (JSON.parse(update.postData() || '{}') as { language?: string }).language === 'jp',
    `the update request body was ${update.postData()}`,
  );
  await page.getByRole('heading', { name: '言語', level: 1 }).waitFor();
  await shot(page, 'language-jp');
  await page.reload();
  await page.getByRole('heading', { name: '言語', level: 1 }).waitFor();

  // Fund password: none yet, so the page offers to set one.
  await page.goto(`${server.baseUrl}/pages/profile/security-center/index`);
  await page.getByText('未設定').waitFor();
  await page
    .getByRole('link', { name: /資金パスワード/ })
    .first()
    .click();
  await waitForPath(page, '/pages/profile/security-center/payment-password');
  await page.getByRole('heading', { name: '資金パスワードを設定' }).waitFor();
  await page.getByLabel('資金パスワード', { exact: true }).fill('fund-pass-9');
  await page.getByLabel('資金パスワード（確認）', { exact: true }).fill('fund-pass-9');
  await shot(page, 'fund-password-jp');
  await page.getByRole('button', { name: '確認' }).click();
  await waitForPath(page, '/pages/profile/security-center/index');
  await page.getByText('設定済み').waitFor();

  const { token } = await storedSession(page);
  assert(token, 'no token stored');
  const info = await api<UserInfo>(server.baseUrl, '/asset/api/user/info', undefined, { token });
  assert(
    info.code === 0 && info.data.hasFundPassword === true,
    `the server does not report a fund password: ${JSON.stringify(info)}`,
  );
  assert(info.data.language === 'jp', `the server kept language ${info.data.language}, expected jp`);
}

async function registerByEmailAndLogIn({ browser, server }: JourneyContext) {
  const email = uniqueEmail('journey');
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await registerLogOutAndLogIn(page, server, email);
  await japaneseAndFundPassword(page, server);
  await context.close();
}

async function assertResendWaiting(page: Page) {
  const resend = page.getByRole('button', { name: /Resend in \d+s/ });
  await resend.waitFor();
  assert(await resend.isDisabled(), 'the resend button is enabled during the 60 s wait');
}

/** The register form's words and its checks' messages (the error catalogue's, and the UI's mismatch). */
const REGISTER_FORM_WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    next: 'Next',
    required: 'This field is required',
    emailInvalid: 'Please enter a valid email address',
    tooShort: 'Password can not be less than 6 characters',
    mismatch: 'The two passwords do not match',
  },
  fr: {
    email: 'E-mail',
    password: 'Mot de passe',
    confirm: 'Confirmer le mot de passe',
    next: 'Suivant',
    required: 'Ce champ est obligatoire',
    emailInvalid: 'Veuillez saisir une adresse e-mail valide',
    tooShort: 'Le mot de passe doit contenir au moins 6 caractères',
    mismatch: 'Les deux mots de passe ne correspondent pas',
  },
};

/**
 * The register form's client checks for a visitor whose app starts in `language`: submitted at
 * once (the checks and the catalogue's messages of the language load on submit, both awaited),
 * then with a bad e-mail, a short password and a different confirmation.
 */
const registerFormChecks =
  (language: keyof typeof REGISTER_FORM_WORDS) =>
  async ({ browser, server }: JourneyContext) => {
    const words = REGISTER_FORM_WORDS[language];
    const context = await browser.newContext({ viewport: MOBILE });
    await context.addInitScript((lang: string) => {
      const state = { token: null, user: null, typeUser: 'real', language: lang, theme: 'light', demoConfirmed: false };
      if (!window.localStorage.getItem('tw.session'))
        window.localStorage.setItem('tw.session', JSON.stringify({ state, version: 1 }));
    }, language);
    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/register/email/index`);
    await page.getByRole('button', { name: words.next }).click();
    await page.getByText(words.required).first().waitFor();
    await page.getByLabel(words.email, { exact: true }).fill('not-an-email');
    await page.getByLabel(words.password, { exact: true }).fill('123');
    await page.getByLabel(words.confirm, { exact: true }).fill('1234');
    await page.getByRole('button', { name: words.next }).click();
    await page.getByText(words.emailInvalid).waitFor();
    await page.getByText(words.tooShort).waitFor();
    await page.getByText(words.mismatch).waitFor();
    await shot(page, language === 'en' ? 'register-errors' : `register-errors-${language}`);
    assert(new URL(page.url()).pathname === '/pages/register/email/index', 'left the form despite errors');
    await context.close();
  };

async function registerByPhone({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/register/index`);
  await page.getByRole('link', { name: /^Country\/Region:/ }).click();
  await waitForPath(page, '/pages/register/select-country');
  await page.getByLabel('Search country or calling code').fill('China');
  await shot(page, 'select-country');
  await page.getByRole('button', { name: /^China\s*\+86$/ }).click();
  await waitForPath(page, '/pages/register/index');
  await page.getByRole('link', { name: /^Country\/Region: .*\+86/ }).waitFor();
  const phone = `138${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '/pages/register/verify-code');
  const code = await readCode(server.dataDir, `+86${phone}`, { after: sentAt });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, '/pages/home/index');
  const { user } = await storedSession(page);
  assert(
    user?.phone === phone && user?.countryCode === '86',
    `stored user has phone ${user?.countryCode} ${user?.phone}`,
  );
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'a new user registers by e-mail, logs out, logs in, switches to Japanese and sets a fund password',
    fn: registerByEmailAndLogIn,
  },
  { name: 'register checks the password length and the confirmation on the client', fn: registerFormChecks('en') },
  {
    name: "register checks in French from the first submit (the catalogue's French messages awaited)",
    fn: registerFormChecks('fr'),
  },
  { name: 'a new user registers by phone after choosing a country', fn: registerByPhone },
];

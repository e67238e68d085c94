/** Issue 13 polish: toasts that keep words whole, one number format per language, the logged-in home. */
import assert from 'node:assert/strict';
import type { LoginResult } from '@app/contract';
import type { Browser } from 'playwright-core';
import type { TypeUser } from '../harness/browser';
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  PASSWORD,
  expectAccessible,
  expectWholeLayout,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

declare global {
  interface Window {
    /** Set on the page to tell a reload (which drops it) from a change in place. */
    __sameDocument?: boolean;
    /** The level-1 headings a page showed, in order (an init script records them). */
    __headings?: string[];
  }
}

/** A box on the page, as boundingBox answers it. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A context whose stored session is `login` in `language` (loggedInContext keeps English). */
async function contextIn(browser: Browser, login: LoginResult, language: string, typeUser: TypeUser = 'real') {
  const context = await browser.newContext({ viewport: MOBILE });
  const state = {
    state: { token: login.token, user: login.user, typeUser, language, theme: 'light', demoConfirmed: false },
    version: 1,
  };
  await context.addInitScript((value: string) => {
    if (!window.localStorage.getItem('tw.session')) window.localStorage.setItem('tw.session', value);
  }, JSON.stringify(state));
  return context;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A wrong password: the toast keeps every word on one line and leaves the submit button uncovered. */
async function toastKeepsWordsWhole({ browser, server }: JourneyContext) {
  const email = uniqueEmail('toast');
  await registerViaApi(server, email);
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/login/email-login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}-wrong`);
  const submit = page.getByRole('button', { name: 'Log in' });
  await submit.click();
  const toast = page.locator('.app-toast__main', { hasText: 'Incorrect account or password' });
  await toast.waitFor();
  await page.waitForTimeout(400); // the fade-in
  await shot(page, 'toast-login');

  // Every word of the message sits on one line box (a word split in two has two rects).
  const split = await toast.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node instanceof Text)) continue;
      for (const m of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
  assert.deepEqual(split, [], `words split across lines: ${split.join(', ')}`);
  assert.equal(await toast.evaluate((el) => getComputedStyle(el).wordBreak), 'normal');

  const [toastBox, submitBox] = [await toast.boundingBox(), await submit.boundingBox()];
  assert(toastBox && submitBox, 'toast or submit button not laid out');
  assert(
    !overlaps(toastBox, submitBox),
    `the toast ${JSON.stringify(toastBox)} covers the submit button ${JSON.stringify(submitBox)}`,
  );
  for (const field of ['Email', 'Password']) {
    const box = await page.getByLabel(field, { exact: true }).boundingBox();
    assert(box && !overlaps(toastBox, box), `the toast covers the ${field} field`);
  }
  await context.close();
}

/** The demo assets card shows USDT to the cent on one line; a German card uses German marks only. */
async function numbersOneRulePerLanguage({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('numbers'));
  const context = await loggedInContext(browser, login, MOBILE, 'demo');
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  const usdt = page.locator('[data-wallet="currency"] [data-asset="USDT"]');
  const available = usdt.locator('dd').first();
  await available.filter({ hasText: /[1-9]/ }).waitFor();
  assert.equal(((await available.textContent()) ?? '').trim(), '100,000.00');
  // One line: the figure's box is one line box high.
  const lines = await available.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  assert.equal(lines, 1, 'the USDT balance wraps');
  // No figure of the card breaks inside itself (the value column and the account total too).
  const wrapped = await page.locator('[data-wallet="currency"]').evaluate((card) =>
    [...card.querySelectorAll('.mono')]
      .filter((el) => {
        // Visible text only: a visually-hidden label is laid out apart on purpose.
        const tops = new Set<number>();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!(node instanceof Text) || node.parentElement?.closest('.visually-hidden') || !node.data.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) tops.add(Math.round(r.top));
        }
        return tops.size > 1;
      })
      .map((el) => el.textContent),
  );
  assert.deepEqual(wrapped, [], `figures wrap on the assets card: ${wrapped.join(' | ')}`);
  // The payment marks of docs/product.md §3 beside the coins.
  const marks = page.getByRole('region', { name: 'Payment methods' });
  for (const name of ['WebMoney', 'Skrill', 'VISA']) await marks.getByRole('img', { name }).waitFor();
  await expectAccessible(page, 'assets (numbers)');
  await shot(page, 'assets-numbers');
  await context.close();

  // German: the assets card and the BTC chart's price card, every figure with German marks.
  const de = await contextIn(browser, login, 'de', 'demo');
  const dePage = await newPage(de);
  await dePage.goto(`${server.baseUrl}/pages/assets/index`);
  const deAvailable = dePage.locator('[data-wallet="currency"] [data-asset="USDT"] dd').first();
  await deAvailable.filter({ hasText: /[1-9]/ }).waitFor();
  assert.equal(((await deAvailable.textContent()) ?? '').trim(), '100.000,00');
  // "Demo-Guthaben zurücksetzen" inside its card, the notice in whole lines; every action inside the total's card (issue 34).
  await expectWholeLayout(dePage, 'German demo assets', {
    whole: '.version-switch :is(.version-switch__label, p, button), .total-card__actions a',
    within: '.version-switch, .total-card',
    apart: '.version-switch__row',
    distinct: '.version-switch :is(.version-switch__label, .version-switch__options, p, button)',
  });
  const noteWidth = await dePage.locator('.version-switch__note').evaluate((el) => el.getBoundingClientRect().width);
  assert(noteWidth > 200, `the demo notice is ${noteWidth} px wide: a word a line`);

  await dePage.goto(`${server.baseUrl}/pages/trade-chart/index?symbol=BTCUSDT`);
  const card = dePage.locator('.price-header');
  await card.locator('[data-testid="live-price"]').filter({ hasText: /[0-9]/ }).waitFor({ timeout: 60_000 });
  await card.locator('.stat-grid dd').last().filter({ hasText: /[0-9]/ }).waitFor();
  const figures = await card.locator('.mono').allTextContents();
  const numbers = figures.join(' ').match(/[+-]?[0-9][0-9.,]*/g) ?? [];
  assert(numbers.length >= 4, `too few figures on the card: ${figures.join(' | ')}`);
  const german = /^[+-]?\d{1,3}(\.\d{3})*(,\d+)?$/;
  const foreign = numbers.filter((n) => !german.test(n));
  assert.deepEqual(foreign, [], `figures not in German marks on one card: ${figures.join(' | ')}`);
  assert(
    numbers.some((n) => n.includes(',')),
    `no decimal comma on the German card: ${figures.join(' | ')}`,
  );
  await shot(dePage, 'trade-chart-de');
  await de.close();
}

/** Logged in at 390×844: no sign-up banner, the fee message once, the markets in view, no way back to login or register. */
async function loggedInHome({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('home'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/home/index`);
  const banners = page.getByRole('region', { name: 'Promotions' });
  await banners.waitFor();
  const links = await banners.locator('a.banner').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert(links.length > 0, 'no banners');
  assert(!/\/pages\/(register|login)/.test(links[0] ?? ''), `the first banner sends a member to ${links[0]}`);
  assert(
    links.every((l) => !/\/pages\/(register|login)/.test(l ?? '')),
    `a banner sends a member to sign up: ${links.join(', ')}`,
  );

  const feeMessages = await page.getByText(/no deposit or withdrawal fees/i).count();
  assert.equal(feeMessages, 1, `the fee message appears ${feeMessages} times`);

  const firstRow = page.getByRole('tabpanel', { name: 'Spot' }).getByRole('link').first();
  await firstRow.waitFor({ timeout: 60_000 });
  const box = await firstRow.boundingBox();
  const tabBar = await page.getByRole('navigation').last().boundingBox();
  const visibleBottom = Math.min(MOBILE.height, tabBar ? tabBar.y : MOBILE.height);
  assert(
    box && box.y + box.height <= visibleBottom,
    `the first market row ends at ${box && box.y + box.height}px, below the fold at ${visibleBottom}px`,
  );
  await expectAccessible(page, 'home (logged in)');
  await shot(page, 'home-logged-in');

  for (const path of [
    '/pages/login/login',
    '/pages/login/email-login',
    '/pages/register/index',
    '/pages/register/email/index',
  ]) {
    await page.goto(`${server.baseUrl}${path}`);
    await waitForPath(page, '/pages/home/index');
  }
  await context.close();
}

/** The top bar's back on the first page of the app returns to the page before it (docs/product.md §2), not home. */
async function backFallsBackToHistory({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/docs`);
  await page.goto(`${server.baseUrl}/pages/profile/language`);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/docs'));
  await context.close();
}

/**
 * Only the active language's strings load: switching to German fetches its chunk (and the error
 * catalogue's German messages) and shows German without a reload; a fresh page with German stored
 * paints German first (no English heading, ever).
 */
async function languageLoadsOnDemand({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  const chunks: string[] = [];
  const catalogue: string[] = [];
  page.on('request', (r) => {
    // The app's strings of a language (de-<hash>.js), not the UI kit's texts of it (de-DE-<hash>.js);
    // English, the fallback, is every page's (preloaded with the page).
    const m = r.url().match(/\/assets\/(zh|hk|jp|kr|de|fr|it)-[\w-]{8}\.js$/);
    if (m?.[1]) chunks.push(m[1]);
    // The error catalogue's messages of a language (error-messages-de-<hash>.js; English is built in).
    const e = r.url().match(/\/assets\/error-messages-([\w-]+)-[\w-]{8}\.js$/);
    if (e?.[1]) catalogue.push(e[1]);
  });
  await page.goto(`${server.baseUrl}/pages/profile/language`);
  await page.getByRole('heading', { name: 'Language', level: 1 }).waitFor();
  assert.deepEqual(chunks, [], `an English page fetched other languages' strings: ${chunks.join(', ')}`);
  assert.deepEqual(catalogue, [], `an English page fetched other languages' error messages: ${catalogue.join(', ')}`);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.getByText('Deutsch', { exact: true }).click();
  await page.getByRole('heading', { name: 'Sprache', level: 1 }).waitFor();
  await page.getByText('Sprache geändert').waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'the switch reloaded the page');
  assert.deepEqual(chunks, ['de'], `switching to German fetched: ${chunks.join(', ')}`);
  assert.deepEqual(catalogue, ['de'], `switching to German fetched the error messages of: ${catalogue.join(', ')}`);
  await context.close();

  // A fresh page with German stored: every level-1 heading it ever shows is German.
  const fresh = await browser.newContext({ viewport: MOBILE });
  const state = {
    state: { token: null, user: null, typeUser: 'real', language: 'de', theme: 'light', demoConfirmed: false },
    version: 1,
  };
  await fresh.addInitScript((value: string) => {
    window.localStorage.setItem('tw.session', value);
    const headings: string[] = [];
    window.__headings = headings;
    new MutationObserver(() => {
      for (const h of document.querySelectorAll('h1')) {
        const text = (h.textContent ?? '').trim();
        if (text && !headings.includes(text)) headings.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, JSON.stringify(state));
  const dePage = await newPage(fresh);
  await dePage.goto(`${server.baseUrl}/pages/profile/language`);
  await dePage.getByRole('heading', { name: 'Sprache', level: 1 }).waitFor();
  const headings = await dePage.evaluate(() => window.__headings ?? []);
  assert.deepEqual(headings, ['Sprache'], `headings shown on a German first paint: ${headings.join(' | ')}`);
  assert.equal(await dePage.evaluate(() => document.documentElement.lang), 'de');
  await fresh.close();
}

export const journeys: Journey[] = [
  { name: 'a toast keeps its words whole and leaves the form uncovered', fn: toastKeepsWordsWhole },
  { name: 'figures: USDT to the cent on one line, one separator rule per language', fn: numbersOneRulePerLanguage },
  { name: 'the top bar goes back in the browser history when the app has none', fn: backFallsBackToHistory },
  {
    name: 'only the active language loads: German on demand, and at first paint when stored',
    fn: languageLoadsOnDemand,
  },
  {
    name: 'a logged-in home: no sign-up banner, one fee message, markets above the fold, no login page',
    fn: loggedInHome,
  },
];

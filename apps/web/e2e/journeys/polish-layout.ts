/**
 * Issue 34 polish, what only a browser's layout shows, on the phone (390×844) and the desktop
 * (1440×900): German tabs, placeholders and names whole on the OTC, transfer, help, news and
 * privacy pages; the "All" pill styled on every form that has one; the WebMoney mark and the
 * transfer records' amounts whole. What a component shows (texts, figures, order) is tested in
 * the components' own tests.
 */
import assert from 'node:assert/strict';
import type { LoginResult } from '@app/contract';
import type { Browser, Page, ViewportSize } from 'playwright-core';
import {
  type Journey,
  type JourneyContext,
  DESKTOP,
  MOBILE,
  api,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';

const DEMO = { typeUser: 'demo' };

/** A context whose stored session is `login` in `language` and `typeUser`. */
async function contextIn(
  browser: Browser,
  login: LoginResult,
  language: string,
  viewport: ViewportSize,
  typeUser: 'real' | 'demo' = 'real',
) {
  const context = await browser.newContext({ viewport });
  const state = {
    state: { token: login.token, user: login.user, typeUser, language, theme: 'light', demoConfirmed: true },
    version: 1,
  };
  await context.addInitScript((value: string) => {
    if (!window.localStorage.getItem('tw.session')) window.localStorage.setItem('tw.session', value);
  }, JSON.stringify(state));
  return context;
}

/**
 * Every shown element matching `selector` whose words do not fit: wider than its own box, or cut by
 * an ancestor that clips, or past the window's edge. One line per fault; none when all is whole.
 */
async function cut(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const faults: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (el.scrollWidth > el.clientWidth + 1) faults.push(`${name}: ${el.clientWidth} px for ${el.scrollWidth} px`);
      if (r.left < -0.5 || r.right > innerWidth + 0.5) faults.push(`${name}: past the window's edge`);
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        const b = a.getBoundingClientRect();
        if (s.overflowX !== 'visible' && (r.left < b.left - 1 || r.right > b.right + 1))
          faults.push(`${name}: clipped by ${a.tagName.toLowerCase()}.${a.className}`);
      }
    }
    return faults;
  }, selector);
}

/** Empty inputs matching `selector` whose placeholder is wider than the room inside them. */
async function cutPlaceholders(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const faults: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement>(sel)) {
      if (!el.placeholder || el.value || el.getBoundingClientRect().width === 0) continue;
      // The words put in as the value within one task (never painted): the field's own box measures them.
      el.value = el.placeholder;
      const [room, needed] = [el.clientWidth, el.scrollWidth];
      el.value = '';
      if (needed > room + 1) faults.push(`"${el.placeholder}" needs ${needed} px, has ${room} px`);
    }
    return faults;
  }, selector);
}

/** The texts of the shown elements matching `selector` that take more than one line. */
async function wrapped(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll(sel)) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push((el.textContent ?? '').trim());
    }
    return out;
  }, selector);
}

/** The field-end "All" button as styled: the app's pill, not the browser's grey square. */
async function expectPill(page: Page, where: string) {
  const button = page.locator('.field__text-button').first();
  await button.waitFor();
  const style = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      radius: Number.parseFloat(s.borderTopLeftRadius),
      border: s.borderTopStyle,
      background: s.backgroundColor,
    };
  });
  assert(style.radius >= 16, `${where}: the All button has corners of ${style.radius} px, not a pill`);
  assert.equal(style.border, 'none', `${where}: the All button has the browser's border`);
  assert.notEqual(style.background, 'rgb(239, 239, 239)', `${where}: the All button has the browser's grey`);
}

async function expectWhole(page: Page, where: string, selector: string, placeholders = 'input') {
  const faults = [...(await cut(page, selector)), ...(await cutPlaceholders(page, placeholders))];
  assert.deepEqual(faults, [], `${where}: ${faults.join('; ')}`);
}

/** German, on the phone and the desktop: tabs, placeholders and names whole. */
async function germanWhole({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('polish-de'));
  for (const viewport of [MOBILE, DESKTOP]) {
    const size = `${viewport.width}`;
    const context = await contextIn(browser, login, 'de', viewport);
    const page = await newPage(context);

    // OTC: its four tabs and the rates' words and prices.
    await page.goto(`${server.baseUrl}/pages/otc/index`);
    await page.getByRole('tab', { name: 'Tauschen' }).waitFor();
    if (viewport === MOBILE) await page.locator('.rate-list__line').first().waitFor({ timeout: 60_000 });
    await expectWhole(page, `otc ${size}`, '[role=tab], .rate-list__line .mono');
    await shot(page, `polish-de-otc-${size}`);

    // Transfer (the desktop's is a panel of the assets page): its amount placeholder beside "Alle".
    await page.goto(`${server.baseUrl}/pages/assets/transfer`);
    await page.locator('.field__text-button').first().waitFor();
    await expectWhole(page, `transfer ${size}`, '.field__text-button, .field__label');
    await expectPill(page, `transfer ${size}`);

    // Help: the search's placeholder and every category's name.
    await page.goto(`${server.baseUrl}/pages/profile/helper-center`);
    await page.locator('.help-category__name').first().waitFor();
    await expectWhole(page, `help ${size}`, '.help-category__name, .help-category');
    await shot(page, `polish-de-help-${size}`);

    // News and the legal texts: their tabs.
    await page.goto(`${server.baseUrl}/pages/news/index`);
    await page.getByRole('tab', { name: 'Ankündigungen' }).waitFor();
    await expectWhole(page, `news ${size}`, '[role=tab]');
    await page.goto(`${server.baseUrl}/pages/privacy-policy/privacy-policy`);
    await page.getByRole('tab', { name: 'Nutzungsvereinbarung' }).waitFor();
    await expectWhole(page, `privacy ${size}`, '[role=tab]');
    await context.close();
  }
}

/** Demo money moved and a subscription form open: the records, the marks and the pills whole, on both layouts. */
async function figuresWhole({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('polish-en'));
  const moved = await api(
    server.baseUrl,
    '/asset/api/account/transferAsset',
    { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '500' },
    { token: login.token, ...DEMO, 'Idempotency-Key': `polish-${Date.now()}` },
  );
  assert.equal(moved.code, 0, JSON.stringify(moved));

  const phone = await contextIn(browser, login, 'en', MOBILE, 'demo');
  const page = await newPage(phone);
  // Transfer records: "500.00 USDT" on one line beside the accounts.
  await page.goto(`${server.baseUrl}/pages/assets/transfer-records`);
  await page.getByTestId('transfer-record').first().waitFor();
  assert.deepEqual(await wrapped(page, '.record__amount'), [], 'a transfer amount wraps');
  await shot(page, 'polish-transfer-records');
  // The payment marks beside the coins: each name whole inside its tile.
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await page.getByRole('img', { name: 'WebMoney' }).waitFor();
  await expectWhole(page, 'payment marks', '.payment-mark');
  assert.deepEqual(await wrapped(page, '.payment-mark > span'), [], 'a payment mark wraps');
  // Subscribing: "All" is the pill.
  await page.goto(`${server.baseUrl}/pages/manage-account/index`);
  await page
    .getByRole('link', { name: /^Subscribe to / })
    .first()
    .click();
  await expectPill(page, 'subscribe (phone)');
  await phone.close();

  const desk = await contextIn(browser, login, 'en', DESKTOP, 'demo');
  const d = await newPage(desk);
  // The desktop's transfer panel and its subscription form: the same pill.
  await d.goto(`${server.baseUrl}/pages/desktop/asset/index`);
  await expectPill(d, 'transfer (desktop)');
  await d.goto(`${server.baseUrl}/pages/desktop/manage/index`);
  await d
    .getByRole('link', { name: /^Subscribe to / })
    .first()
    .click();
  await expectPill(d, 'subscribe (desktop)');
  await shot(d, 'polish-desktop-subscribe');
  await desk.close();
}

export const journeys: Journey[] = [
  { name: 'polish: German tabs, placeholders and names whole on the phone and the desktop', fn: germanWhole },
  { name: 'polish: transfer amounts on one line, payment marks whole, every All button a pill', fn: figuresWhole },
];

/**
 * The helper centre and the legal texts (issue 20): every page in all 8 languages with no missing
 * text (no i18n key, no placeholder, the server's text in that language, no English fallback);
 * search finds an article and opens it; a signed-in user sees which version of the privacy policy
 * and the user agreement they accepted at registration; the desktop layout shows the same pages in
 * its frame at 1440×900. Axe-clean.
 */
import assert from 'node:assert/strict';
import type { LegalDocument } from '@app/contract';
import type { Browser, Page, ViewportSize } from 'playwright-core';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  MOBILE,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';

const LANGS = { en: 'en', zh: 'zh', hk: 'zh-HK', jp: 'ja', kr: 'ko', de: 'de', fr: 'fr', it: 'it' };
const CATEGORIES = 9;

/** A visitor's stored app state in `language`. */
async function visitorContext(browser: Browser, language: string, viewport: ViewportSize) {
  const context = await browser.newContext({ viewport });
  const value = JSON.stringify({
    state: { token: null, user: null, typeUser: 'real', language, theme: 'light', demoConfirmed: false },
    version: 1,
  });
  await context.addInitScript((v: string) => {
    if (!window.localStorage.getItem('tw.session')) window.localStorage.setItem('tw.session', v);
  }, value);
  return context;
}

async function legalTitle(server: Server, kind: string, lang: string) {
  const res = await fetch(`${server.baseUrl}/asset/api/legal/document?kind=${kind}`, { headers: { lang } });
  const body = (await res.json()) as ApiReply<LegalDocument>;
  assert.equal(body.code, 0);
  assert.equal(body.data.fallback, false, `${kind} in ${lang} falls back to English`);
  return body.data.title;
}

/** No i18n key or unfilled placeholder shows on the page. */
async function noMissingText(page: Page, label: string) {
  const text = await page.locator('main, body').first().innerText();
  assert(!/\b(cat|help|routes)\.[a-zA-Z]+\b|\{\{/.test(text), `${label}: a missing text shows: ${text.slice(0, 400)}`);
}

async function everyLanguage({ browser, server }: JourneyContext) {
  for (const [language, lang] of Object.entries(LANGS)) {
    const context = await visitorContext(browser, language, MOBILE);
    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/profile/helper-center`);
    await page
      .locator('.help-category')
      .nth(CATEGORIES - 1)
      .waitFor();
    assert.equal(await page.locator('.help-category').count(), CATEGORIES);
    await noMissingText(page, `helper centre (${language})`);
    // A category's articles, then an article, in this language.
    await page.locator('.help-category').nth(3).click();
    await page.locator('.help-list__link').first().click();
    await page.locator('.help-article__title').waitFor();
    assert.equal(await page.locator('.help-note').count(), 0, `a help article in ${language} falls back to English`);
    await noMissingText(page, `help article (${language})`);
    if (language === 'en' || language === 'jp') await expectAccessible(page, `phone: a help article (${language})`);
    for (const [path, kind] of [
      ['/pages/profile/about-us', 'about'],
      ['/pages/home/components/website-company', 'company'],
      ['/pages/privacy-policy/privacy-policy', 'privacy'],
    ] as const) {
      const title = await legalTitle(server, kind, lang);
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
      await noMissingText(page, `${kind} (${language})`);
    }
    await page.goto(`${server.baseUrl}/pages/privacy-policy/privacy-policy?tab=agreement`);
    await page.getByRole('heading', { name: await legalTitle(server, 'agreement', lang), level: 2 }).waitFor();
    if (language === 'de') await expectAccessible(page, 'phone: the user agreement (de)');
    await context.close();
  }
}

async function searchAndAcceptance({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('legal'));
  const context = await loggedInContext(browser, login, MOBILE);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/helper-center`);
  await page.getByRole('searchbox', { name: 'Search the helper centre' }).fill('withdraw fee');
  await page.getByRole('heading', { name: 'Search results' }).waitFor();
  await page.getByRole('link', { name: 'What fees are there?' }).click();
  await page.getByRole('heading', { name: 'What fees are there?' }).waitFor();
  await page
    .getByText(/free for their first 3 calendar months|no withdrawal fee for their first 3 calendar months/)
    .waitFor();
  await page.getByRole('searchbox', { name: 'Search the helper centre' }).fill('zzqx');
  await page.getByText('No article matches “zzqx”.').waitFor();

  // Registering accepted version 1 of the privacy policy and the user agreement.
  await page.goto(`${server.baseUrl}/pages/privacy-policy/privacy-policy`);
  await page.getByText(/^Version 1 · published /).waitFor();
  await page.getByText(/^You accepted version 1 on \d{4}-\d{2}-\d{2}/).waitFor();
  await page.getByRole('tab', { name: 'User agreement' }).click();
  await page.getByRole('heading', { name: 'User agreement' }).waitFor();
  await page.getByText(/^You accepted version 1 on /).waitFor();
  await page.getByText(/Most retail traders of seconds contracts lose money/).waitFor();
  await expectAccessible(page, 'phone: the user agreement, accepted');
  await shot(page, 'user-agreement');
  await context.close();

  // The desktop layout: the same pages in its frame.
  const desk = await loggedInContext(browser, login, DESKTOP);
  const d = await newPage(desk);
  await d.goto(`${server.baseUrl}/pages/profile/helper-center`);
  await d
    .locator('.desktop-card .help-category')
    .nth(CATEGORIES - 1)
    .waitFor();
  assert.match(new URL(d.url()).pathname, /\/pages\/profile\/helper-center$/);
  await expectAccessible(d, 'desktop: the helper centre');
  await shot(d, 'desk-helper-center');
  await d.goto(`${server.baseUrl}/pages/home/components/website-company`);
  await d.getByRole('heading', { name: 'Website company' }).waitFor();
  await d.getByText(/We are not a bank/).waitFor();
  await d.goto(`${server.baseUrl}/pages/profile/about-us`);
  await d.getByRole('heading', { name: 'About us' }).waitFor();
  await expectAccessible(d, 'desktop: about us');
  await shot(d, 'desk-about-us');
  await desk.close();
}

export const journeys: Journey[] = [
  {
    name: "help and legal pages in all 8 languages: no missing text, the server's texts in that language",
    fn: everyLanguage,
    slow: true,
  },
  {
    name: 'help search opens an article; the user sees the accepted version of the privacy policy and agreement; the desktop frame shows the pages',
    fn: searchAndAcceptance,
  },
];

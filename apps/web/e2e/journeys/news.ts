/**
 * News and announcements (issue 20): a support operator writes a news item with a French
 * translation in the back office; a visitor whose app is in French reads it on the phone (list,
 * then the post), and in English on the desktop beside the list; German falls back to English,
 * marked. Home's Announcements shortcut opens the announcements tab. The economic calendar is not
 * configured on this server: the page says so instead of an empty frame.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, ViewportSize } from 'playwright-core';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  MOBILE,
  expectAccessible,
  newPage,
  shot,
} from '../harness';
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

/** A visitor's stored app state in `language` (no session: news needs none). */
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

const EN = {
  title: 'Gold trading hours change on Friday',
  summary: 'Gold closes an hour early.',
  body: 'Gold contracts close at 20:00 UTC this Friday.\n\nOther markets keep their hours.',
};
const FR = {
  title: 'Horaires de l’or modifiés vendredi',
  summary: 'L’or ferme une heure plus tôt.',
  body: 'Les contrats sur l’or ferment à 20:00 UTC ce vendredi.\n\nLes autres marchés gardent leurs horaires.',
};

async function newsJourney({ browser }: JourneyContext) {
  // The secret: set in `before` (the CLI prints it).
  const support: Operator = {
    email: 'news.support@example.com',
    password: 'news-support-pass-1',
    role: 'support',
    secret: '',
  };
  let server: Server | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer({
      before: async (env) => {
        Object.assign(support, await createOperatorWithCli(env, support));
      },
    });

    // The back office: News → New post, English and French, published now.
    const office = await browser.newContext({ viewport: DESKTOP });
    contexts.push(office);
    const a = await newPage(office);
    await signInOperator(a, server.baseUrl, support, (await freshTotp(support.secret)).code);
    await a.waitForURL(/\/admin\/dashboard$/);
    await a.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'News' }).click();
    await a.waitForURL(/\/admin\/news$/);
    await a.getByRole('button', { name: 'New post' }).click();
    const form = a.getByRole('form', { name: 'New post' });
    // Nothing written: English is required.
    await form.getByRole('button', { name: 'Save post' }).click();
    await form.getByText('English needs a title and a text').waitFor();
    await form.getByLabel('Title (English)').fill(EN.title);
    await form.getByLabel('Summary (English)').fill(EN.summary);
    await form.getByLabel('Text (English; plain text, a blank line between paragraphs)').fill(EN.body);
    await form.getByRole('tab', { name: /Français/ }).click();
    await form.getByLabel('Title (Français)').fill(FR.title);
    await form.getByLabel('Summary (Français)').fill(FR.summary);
    await form.getByLabel('Text (Français; plain text, a blank line between paragraphs)').fill(FR.body);
    await expectAccessible(a, 'back office: news editor');
    await form.getByRole('button', { name: 'Save post' }).click();
    await a.getByText(`Saved: ${EN.title} (published)`).waitFor();
    const row = a.locator('tbody tr').filter({ has: a.getByText(EN.title, { exact: true }) });
    await row.getByText('en, fr').waitFor();
    await shot(a, 'admin-news');

    // An announcement, through the API with the operator's session.
    const token = await a.evaluate(() => sessionStorage.getItem('admin.token'));
    assert(token, 'no operator session stored');
    const res = await fetch(`${server.baseUrl}/admin/api/content/news/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({
        kind: 'announcement',
        translations: {
          en: { title: 'Scheduled maintenance', summary: '', body: 'Deposits pause on Sunday 02:00–03:00 UTC.' },
        },
        publishAt: Date.now() - 1000,
      }),
    });
    assert.equal(((await res.json()) as ApiReply).code, 0);

    // The phone, in French: the list, then the post in French.
    const phone = await visitorContext(browser, 'fr', MOBILE);
    contexts.push(phone);
    const p = await newPage(phone);
    await p.goto(`${server.baseUrl}/pages/news/index`);
    await p.getByRole('tab', { name: 'Actualités' }).waitFor();
    await p.getByRole('link', { name: new RegExp(FR.title) }).click();
    await p.waitForURL(/\/pages\/news\/detail\?id=/);
    await p.getByRole('heading', { name: FR.title }).waitFor();
    await p.getByText('Les autres marchés gardent leurs horaires.').waitFor();
    assert.equal(await p.getByTestId('news-fallback').count(), 0);
    await expectAccessible(p, 'phone: a news item in French');
    await shot(p, 'news-detail-fr');

    // Home's Announcements shortcut opens the announcements tab; the calendar tab says it is not set up.
    await p.goto(`${server.baseUrl}/pages/home/index`);
    await p.getByRole('link', { name: 'Annonces' }).first().click();
    await p.waitForURL(/\/pages\/news\/index\?tab=announcement/);
    assert.equal(await p.getByRole('tab', { name: 'Annonces' }).getAttribute('aria-selected'), 'true');
    await p.getByRole('link', { name: /Scheduled maintenance/ }).waitFor();
    await p.getByRole('tab', { name: 'Calendrier' }).click();
    await p
      .getByTestId('calendar-unset')
      .getByText('Le calendrier économique n’est pas configuré sur ce serveur.')
      .waitFor();
    assert.equal(await p.locator('iframe').count(), 0);
    await expectAccessible(p, 'phone: news calendar not configured');

    // The desktop, in German: the post falls back to English, marked; the calendar beside it says it is not set up.
    const desk = await visitorContext(browser, 'de', DESKTOP);
    contexts.push(desk);
    const d = await newPage(desk);
    await d.goto(`${server.baseUrl}/pages/desktop/news/index`);
    await d.getByRole('link', { name: new RegExp(EN.title) }).click();
    await d.getByRole('heading', { name: EN.title }).waitFor();
    await d.getByTestId('news-fallback').waitFor();
    await d.getByTestId('calendar-unset').waitFor();
    await expectAccessible(d, 'desktop: news with the English fallback');
    await shot(d, 'news-desktop');
  } finally {
    for (const c of contexts) await c.close().catch(() => undefined);
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'news: an operator publishes a news item with a French translation; the phone reads it in French, the desktop in English marked as the fallback; the Announcements shortcut; the calendar not configured',
    fn: newsJourney,
    // Its own server (an operator made by the CLI before it starts, no calendar configured).
    slow: true,
  },
];

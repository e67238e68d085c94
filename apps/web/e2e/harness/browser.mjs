/** Chromium and the page helpers: pages that log their errors, logged-in contexts, screenshots. */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, DEBUG, MOBILE, SHOTS, STEP_TIMEOUT_MS } from './config.mjs';

/** Debian's Chromium (nothing downloads a browser at run time), headless. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The journey a page belongs to: the runner runs each journey inside `journeyScope.run(...)`, so
 * the pages it opens are the ones screenshotted (and closed) when it fails, and no one else's.
 */
export const journeyScope = new AsyncLocalStorage();

/** Pages whose failed requests are the point of the test (not logged). */
const deliberateFailures = new WeakSet();
export function expectFailedRequests(page) {
  deliberateFailures.add(page);
}

function log(line) {
  const prefix = journeyScope.getStore()?.prefix ?? '';
  console.log(`    ${prefix}${line}`);
}

function watch(page) {
  page.on('pageerror', (err) => log(`[page error] ${err.message}`));
  if (DEBUG) {
    page.on('request', (r) => r.url().includes('/api/') && log(`[request] ${r.method()} ${r.url()}`));
    page.on('response', (r) => r.status() >= 400 && log(`[response ${r.status()}] ${r.url()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && log(`[navigated] ${f.url()}`));
  }
  page.on('requestfailed', (r) => {
    if (!r.url().endsWith('favicon.svg') && !deliberateFailures.has(page)) log(`[request failed] ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('console', (msg) => {
    if (deliberateFailures.has(page)) return;
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) log(`[console error] ${msg.text()}`);
  });
}

export async function newPage(context) {
  const page = await context.newPage();
  const open = journeyScope.getStore()?.pages;
  if (open) {
    open.add(page);
    page.on('close', () => open.delete(page));
  }
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  watch(page);
  return page;
}

/** A browser context whose app storage already holds this session. */
export async function loggedInContext(browser, login, viewport = MOBILE, typeUser = 'real') {
  const context = await browser.newContext({ viewport });
  const state = { state: { token: login.token, user: login.user, typeUser, language: 'en', theme: 'light', demoConfirmed: false }, version: 1 };
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('tw.session')) window.localStorage.setItem('tw.session', value);
  }, JSON.stringify(state));
  return context;
}

export async function waitForPath(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_TIMEOUT_MS });
}

/** With E2E_SCREENSHOTS set, saves the screen as `<name>.png` there. */
export async function shot(page, name) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

export async function storedSession(page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('tw.session') || '{}').state ?? {});
}

/** Screenshots a failed journey's open pages into the temp folder, then closes their contexts. */
export async function screenshotOpenPages(pages, n) {
  const files = [];
  let i = 0;
  for (const page of pages) {
    i += 1;
    const file = path.join(os.tmpdir(), `tw-e2e-failure-${n}-${i}.png`);
    try {
      await page.screenshot({ path: file });
      files.push(`${file} (${page.url()})`);
    } catch {
      // page already gone
    }
  }
  for (const page of pages) await page.context().close().catch(() => undefined);
  pages.clear();
  return files.join(', ');
}

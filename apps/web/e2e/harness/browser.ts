/** Chromium and the page helpers: pages that log their errors, logged-in contexts, screenshots. */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@app/contract';
import { type Browser, type BrowserContext, type Page, type ViewportSize, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DEBUG, DESKTOP, FULL_HD, MOBILE, SHOTS, STEP_TIMEOUT_MS, sleep } from './config';

declare global {
  interface Window {
    /** watch(): the page's CSP violations, reported to the journey (page.exposeFunction). */
    __reportCspViolation: (text: string) => Promise<void>;
  }
}

/** Which account a session opens: the real one or the demo. */
export type TypeUser = LoginResult['user']['typeUser'];

/**
 * Debian's Chromium (nothing downloads a browser at run time), headless. Its contexts prefer reduced
 * motion unless a journey asks otherwise (`reducedMotion: 'no-preference'`): the app's animations and
 * transitions then end at once (styles/base.css), which halves what Chromium spends drawing a page
 * that live prices keep changing, and nothing a journey checks depends on them (docs/testing.md).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_ARGS] });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * The journey a page belongs to: the runner runs each journey inside `journeyScope.run(...)`, so
 * the pages it opens are the ones screenshotted (and closed) when it fails, and no one else's.
 */
export interface JourneyScope {
  /** The journey's open pages. */
  pages: Set<Page>;
  /** Before each logged line: the journey's file when journeys run side by side. */
  prefix: string;
  /** CSP violations, console errors and uncaught errors its pages met. */
  problems: string[];
}
export const journeyScope = new AsyncLocalStorage<JourneyScope>();

/** Pages whose failed requests are the point of the test (not logged, their console errors allowed). */
const deliberateFailures = new WeakSet<Page>();
export function expectFailedRequests(page: Page): void {
  deliberateFailures.add(page);
}

/** The problems each page met: CSP violations, console errors, uncaught errors. */
const pageProblems = new WeakMap<Page, string[]>();

function log(scope: JourneyScope | undefined, line: string): void {
  console.log(`    ${scope?.prefix ?? ''}${line}`);
}

/**
 * A CSP violation anywhere, a console error (other than a failed request's "Failed to load
 * resource", which every refused API call logs) or an uncaught error fails the journey: the runner
 * reads them from the journey's scope (`problems`) when the journey ends. A page marked with
 * expectFailedRequests may log console errors; its CSP violations and uncaught errors still count.
 */
function problem(scope: JourneyScope | undefined, page: Page, text: string): void {
  log(scope, text);
  pageProblems.get(page)?.push(text);
  scope?.problems?.push(text);
}

const isCspMessage = (text: string) =>
  /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate|create)/.test(text);

async function watch(page: Page): Promise<void> {
  // Events arrive outside the journey's async context: keep its scope now.
  const scope = journeyScope.getStore();
  pageProblems.set(page, []);
  // Every violation the page's CSP reports, with what it blocked and where.
  await page.exposeFunction('__reportCspViolation', (text: string) => problem(scope, page, `[CSP violation] ${text}`));
  await page.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (e) => {
        window.__reportCspViolation(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || location.href}:${e.lineNumber}${e.sample ? ` "${e.sample}"` : ''}`,
        );
      },
      true,
    );
  });
  page.on('pageerror', (err) => problem(scope, page, `[page error] ${err.message}`));
  if (DEBUG) {
    page.on('request', (r) => r.url().includes('/api/') && log(scope, `[request] ${r.method()} ${r.url()}`));
    page.on('response', (r) => r.status() >= 400 && log(scope, `[response ${r.status()}] ${r.url()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && log(scope, `[navigated] ${f.url()}`));
  }
  page.on('requestfailed', (r) => {
    if (!r.url().endsWith('favicon.svg') && !deliberateFailures.has(page))
      log(scope, `[request failed] ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // The browser's own line for a violation; the event above already counted it.
    if (isCspMessage(text)) return log(scope, `[console error] ${text}`);
    if (deliberateFailures.has(page) || /Failed to load resource/.test(text)) return;
    problem(scope, page, `[console error] ${text}`);
  });
}

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const open = journeyScope.getStore()?.pages;
  if (open) {
    open.add(page);
    page.on('close', () => open.delete(page));
  }
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await watch(page);
  return page;
}

/**
 * Runs `action` and waits for the CSP violation it must cause on `page`; that one violation is
 * taken off the journey's problems (the check that the policy is on and violations are seen).
 */
export async function expectCspViolation(
  page: Page,
  action: () => Promise<unknown>,
  timeoutMs = 5000,
): Promise<string> {
  const scope = journeyScope.getStore();
  const seen = pageProblems.get(page);
  if (!seen) throw new Error('expectCspViolation: the page was not opened with newPage');
  const before = seen.length;
  await action();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !seen.slice(before).some((p) => p.startsWith('[CSP violation]'))) await sleep(50);
  const index = seen.findIndex((p, i) => i >= before && p.startsWith('[CSP violation]'));
  if (index < 0) throw new Error('expected a CSP violation, none came');
  // There is one: index >= 0.
  const violation = seen.splice(index, 1)[0]!;
  const inScope = scope?.problems.indexOf(violation) ?? -1;
  if (scope && inScope >= 0) scope.problems.splice(inScope, 1);
  return violation;
}

/** The language and theme a stored session starts with (English and light unless told). */
export interface SessionLook {
  language?: string;
  theme?: 'light' | 'dark';
}

/** What the app keeps in localStorage['tw.session'] for a logged-in user (`login`: the login or register answer). */
export function sessionStorageValue(
  login: LoginResult,
  typeUser: TypeUser = 'real',
  { language = 'en', theme = 'light' }: SessionLook = {},
): string {
  const state = {
    token: login.token,
    user: login.user,
    typeUser,
    language,
    theme,
    demoConfirmed: false,
  };
  return JSON.stringify({ state, version: 1 });
}

/** A browser context whose app storage already holds this session. */
export async function loggedInContext(
  browser: Browser,
  login: LoginResult,
  viewport: ViewportSize = MOBILE,
  typeUser: TypeUser = 'real',
  look: SessionLook = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    (value) => {
      if (!window.localStorage.getItem('tw.session')) window.localStorage.setItem('tw.session', value);
    },
    sessionStorageValue(login, typeUser, look),
  );
  return context;
}

/** A desktop-sized browser context (1440×900 unless told), with a stored session when `login` is given. */
export async function desktopContext(
  browser: Browser,
  {
    login,
    typeUser = 'real',
    viewport = DESKTOP,
    look,
  }: { login?: LoginResult; typeUser?: TypeUser; viewport?: ViewportSize; look?: SessionLook } = {},
): Promise<BrowserContext> {
  return login ? loggedInContext(browser, login, viewport, typeUser, look) : browser.newContext({ viewport });
}

/**
 * The desktop layout at its second size, a full-HD monitor (1920×1080), on the page as it is now:
 * resizes the window, waits past the relaunch debounce, checks that the page does not scroll
 * sideways, runs `check` (what must still show), screenshots it as `<name>-1920` and returns to
 * the size it had. A journey runs once at 1440×900 and looks at its screens here at 1920×1080,
 * instead of running again (docs/testing.md).
 */
export async function atFullHd(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(FULL_HD);
  await sleep(600); // longer than the relaunch debounce: no relaunch inside the desktop range
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  if (sideways > 0) throw new Error(`${name} at 1920×1080: the page scrolls sideways by ${sideways} px`);
  await check();
  await shot(page, `${name}-1920`);
  await page.setViewportSize(before);
  await sleep(600);
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_TIMEOUT_MS });
}

/** With E2E_SCREENSHOTS set, saves the screen as `<name>.png` there. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** What the app keeps in localStorage['tw.session'] (app/session store), as far as the journeys read it; `{}` when nothing is stored. */
export interface StoredSession {
  token?: string | null;
  user?: LoginResult['user'] | null;
  typeUser?: TypeUser;
  language?: string;
  theme?: string;
  demoConfirmed?: boolean;
}

export async function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate((): StoredSession => JSON.parse(window.localStorage.getItem('tw.session') || '{}').state ?? {});
}

/** Screenshots a failed journey's open pages into the temp folder, then closes their contexts. */
export async function screenshotOpenPages(pages: Set<Page>, n: number): Promise<string> {
  const files: string[] = [];
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
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => undefined);
  pages.clear();
  return files.join(', ');
}

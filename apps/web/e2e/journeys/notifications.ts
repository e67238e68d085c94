/**
 * The notification centre and the notice stream (issue 20): one server-sent-event stream per
 * browser, shared by its tabs. A user with two tabs of ONE browser context: exactly one stream is
 * open; a notification the server writes (a login from a new device, the quickest event a test can
 * cause) shows in both tabs' badges within a second of each other; closing the tab that holds the
 * stream hands it to the other one, which resumes from the last event id (Last-Event-ID) and gets
 * the next notification once. Then the list, one notice and "Mark all read" on the phone, and the
 * desktop page with the list beside the notice.
 */
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { desktopContext } from '../harness/browser';
import {
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  PASSWORD,
  api,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

const STREAM = '/api/market/sse/user-sse-events';

/** A login from a device the server has not seen: it writes a `login.new_device` notification. */
let devices = 0;
async function loginFromNewDevice(server: Server, email: string) {
  devices += 1;
  const answer = await api(
    server.baseUrl,
    '/asset/api/user/login',
    { type: 'email', email, password: PASSWORD },
    { 'user-agent': `notifications-journey-device-${Date.now()}-${devices}` },
  );
  assert.equal(answer.code, 0, JSON.stringify(answer));
}

/** The streams the context has asked for, and those still open (a stream ends as a finished or failed request). */
function watchStreams(context: BrowserContext) {
  const started: Request[] = [];
  const open = new Set<Request>();
  context.on('request', (r) => {
    if (!r.url().includes(STREAM)) return;
    started.push(r);
    open.add(r);
  });
  const end = (r: Request) => open.delete(r);
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  // A closed tab's stream ends with the tab (no event tells it).
  const live = () => [...open].filter((r) => !r.frame().page().isClosed()).length;
  return { started, live };
}

const role = (page: Page) => page.evaluate(() => document.documentElement.dataset.noticeStream);
const badge = (page: Page) => page.getByTestId('notice-bell');

/** Waits until the page's bell shows `count` unread; resolves with the time it did. */
async function badgeShows(page: Page, count: number) {
  await page.waitForFunction(
    (n: number) => document.querySelector('[data-testid="notice-bell"]')?.getAttribute('data-unread') === String(n),
    count,
    { polling: 20, timeout: 10_000 },
  );
  return Date.now();
}

async function journey({ browser, server }: JourneyContext) {
  const email = uniqueEmail('notices');
  const login = await registerViaApi(server, email);
  const contexts: BrowserContext[] = [];
  try {
    const context = await loggedInContext(browser, login);
    contexts.push(context);
    const streams = watchStreams(context);

    // Nothing yet: the empty list.
    const first = await newPage(context);
    await first.goto(`${server.baseUrl}/pages/notification/index`);
    await first.getByTestId('notices-empty').getByText('No notifications yet.').waitFor();
    await expectAccessible(first, 'notifications: empty');

    // Two tabs on home: one leads the stream, the other follows; one stream is open.
    await first.goto(`${server.baseUrl}/pages/home/index`);
    await badge(first).waitFor();
    await first.waitForFunction(() => document.documentElement.dataset.noticeStream === 'leader');
    const second = await newPage(context);
    await second.goto(`${server.baseUrl}/pages/home/index`);
    await badge(second).waitFor();
    await second.waitForFunction(() => document.documentElement.dataset.noticeStream === 'follower');
    await second.waitForTimeout(500); // A second stream, if any, would have been asked for by now.
    assert.equal(streams.live(), 1, `open streams: ${streams.live()}`);
    const asked = streams.started.length;

    // A notification written on the server reaches both tabs' badges within a second of each other.
    await loginFromNewDevice(server, email);
    const asked0 = Date.now();
    const [a, b] = await Promise.all([badgeShows(first, 1), badgeShows(second, 1)]);
    assert(Math.abs(a - b) < 1000, `badges ${Math.abs(a - b)} ms apart`);
    console.log(`    badges after ${a - asked0} and ${b - asked0} ms`);
    assert.equal(streams.started.length, asked, 'no other stream was opened');

    // The leader's tab closes: the other takes the stream over from the last event id.
    await first.close();
    await second.waitForFunction(() => document.documentElement.dataset.noticeStream === 'leader');
    const handover = streams.started.at(-1);
    assert.equal(streams.started.length, asked + 1, 'one new stream for the handover');
    assert.match(handover?.headers()['last-event-id'] ?? '', /^\d+$/, 'the new stream resumes from the last event id');
    await second.waitForTimeout(300);
    assert.equal(streams.live(), 1, `open streams after the handover: ${streams.live()}`);

    // The list is open when the next notification comes: it arrives at the top, once.
    await badge(second).click();
    await waitForPath(second, '/pages/notification/index');
    const items = second.getByTestId('notice-item');
    await items.first().waitFor();
    assert.equal(await items.count(), 1);
    await loginFromNewDevice(server, email);
    await second.waitForFunction(() => document.querySelectorAll('[data-testid="notice-item"]').length === 2, null, {
      timeout: 10_000,
    });
    await second.waitForTimeout(500);
    assert.equal(await items.count(), 2, 'the new notification is listed once');
    assert.equal(await second.getByTestId('notice-unread').count(), 2);
    assert.equal(await role(second), 'leader');
    await expectAccessible(second, 'notifications: list');
    await shot(second, 'notifications-list');

    // One notice: title, body, time and the way to where it leads; opening it reads it.
    const opened = await items.first().getAttribute('data-id');
    await items.first().click();
    await waitForPath(second, '/pages/notification/detail');
    const detail = second.getByTestId('notice-detail');
    await detail.getByRole('heading', { name: 'Sign-in from a new device' }).waitFor();
    await detail.getByTestId('notice-open').waitFor();
    await expectAccessible(second, 'notifications: detail');
    await shot(second, 'notifications-detail');
    await second.goBack();
    await waitForPath(second, '/pages/notification/index');
    await second.locator(`[data-testid="notice-item"][data-id="${opened}"][data-read="true"]`).waitFor();
    assert.equal(await second.getByTestId('notice-unread').count(), 1);

    // Mark all read.
    await second.getByTestId('notices-mark-all').click();
    await second.waitForFunction(() => document.querySelectorAll('[data-testid="notice-unread"]').length === 0);
    await second.getByTestId('notices-mark-all').and(second.locator(':disabled')).waitFor();

    // The desktop: the list beside the notice chosen.
    const desk = await desktopContext(browser, { login, viewport: DESKTOP });
    contexts.push(desk);
    const desktop = await newPage(desk);
    await desktop.goto(`${server.baseUrl}/pages/desktop/notification/index`);
    await desktop.getByText('Choose a notification to read it.').waitFor();
    await desktop.getByTestId('notice-bell').waitFor();
    const deskItems = desktop.getByTestId('notice-item');
    await deskItems.nth(1).waitFor();
    await deskItems.first().click();
    await desktop.getByTestId('notice-detail').getByRole('heading', { name: 'Sign-in from a new device' }).waitFor();
    assert.equal(await deskItems.first().getAttribute('aria-current'), 'true');
    await expectAccessible(desktop, 'desktop notifications: list and detail');
    await shot(desktop, 'notifications-desktop');
  } finally {
    for (const c of contexts) await c.close();
  }
}

export const journeys: Journey[] = [
  {
    name: 'notifications: two tabs share one stream, a server event in both badges within a second, the stream handed over when the leading tab closes; list, detail, mark all read on the phone; the desktop page',
    fn: journey,
  },
];

/** Security headers in the browser: the CSP is on and enforced, the app cannot be framed, the API docs page works under it.
 *
 * Every journey already fails on any CSP violation (harness/browser.ts); these check that the
 * policy is really there, so that "no violation" means something. */
import assert from 'node:assert/strict';
import { type Journey, type JourneyContext, MOBILE, expectCspViolation, newPage, shot, sleep } from '../harness';

declare global {
  interface Window {
    /** Set by the inline script the CSP must refuse. */
    __injected?: boolean;
  }
}

async function cspEnforced({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  const answer = await page.goto(`${server.baseUrl}/pages/home/index`);
  assert(answer, 'no answer to the navigation');
  const policy = answer.headers()['content-security-policy'] ?? '';
  assert.match(policy, /script-src 'self'/, `no CSP on the app's HTML: ${policy}`);
  assert.match(policy, /frame-ancestors 'none'/);
  await page.getByRole('heading', { name: 'Start trading today' }).waitFor();

  // An injected inline script is refused, and the harness sees the violation.
  const violation = await expectCspViolation(page, () =>
    page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    }),
  );
  assert.match(violation, /script-src/);
  assert.equal(await page.evaluate(() => window.__injected), undefined, 'an inline script ran despite the CSP');

  // Not even a page of its own origin can frame the app (frame-ancestors 'none', X-Frame-Options DENY).
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.title = 'framed';
    frame.src = src;
    document.body.append(frame);
  }, `${server.baseUrl}/pages/home/index`);
  const frame = await (await page.waitForSelector('iframe[title="framed"]')).contentFrame();
  assert(frame, 'the iframe has no frame');
  await frame.waitForLoadState().catch(() => undefined);
  await sleep(500);
  const framed = await frame.evaluate(() => Boolean(document.getElementById('root'))).catch(() => false);
  assert.equal(framed, false, 'the app loaded inside a frame');
  await context.close();
}

async function apiDocs({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  const answer = await page.goto(`${server.baseUrl}/docs`);
  assert(answer, 'no answer to the navigation');
  assert.match(answer.headers()['content-security-policy'] ?? '', /script-src 'self'/, 'no CSP on the docs page');
  await page.getByRole('heading', { name: /Trading and wallet API/ }).waitFor();
  // One operation, tried for real: the page calls the API from the browser.
  const operation = page.locator('.opblock').filter({ hasText: '/healthz' }).first();
  await operation.locator('.opblock-summary-control').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await operation.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).first().waitFor();
  await shot(page, 'api-docs');
  await context.close();
}

export const journeys: Journey[] = [
  { name: 'the CSP is on: an injected script is refused and the app cannot be framed', fn: cspEnforced },
  { name: 'the API docs page works under the CSP', fn: apiDocs },
];

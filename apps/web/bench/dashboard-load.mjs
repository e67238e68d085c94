#!/usr/bin/env node
/**
 * `node --import tsx apps/web/bench/dashboard-load.mjs [baseline-dist]`: what a first visit to the desktop
 * dashboard shows, and when, for two builds of the app (issue 14: the desktop first route within
 * 150 KB gzip without hurting what the user sees).
 *
 * Two servers on temporary PGlite data folders (as the browser tests start them,
 * apps/web/e2e/harness/server.ts), one serving the baseline build (the argument or BASELINE_DIST, a
 * dist folder built the same way), one apps/web/dist (the subject). Debian's Chromium opens
 * /pages/desktop/dashboard/index at 1440×900 as a visitor in a fresh context (empty cache), over
 * a throttled link (NETWORK, default `10,40`: 10 Mbit/s down, 40 ms round trip, as Lighthouse's
 * desktop preset; `0` for none). A script in the page records, from the navigation's start:
 * first contentful paint; `frame`, the dashboard's grid in the document; `price`, the live price in
 * the strip; `markets`, the markets list's rows; `entry`, the order entry panel; `all`, every
 * panel of the arrangement drawn (no empty box left); and the JavaScript transferred by then.
 * Runs alternate baseline and subject, RUNS pairs (default 5); each metric is printed as
 * baseline and subject min/median/max and the ratio of the medians.
 */
import path from 'node:path';
import { launchBrowser } from '../e2e/harness/browser.ts';
import { DESKTOP } from '../e2e/harness/config.ts';
import { startServer, stopServer } from '../e2e/harness/server.ts';

const RUNS = Number(process.env.RUNS) || 5;
const [downMbit, rttMs] = (process.env.NETWORK ?? '10,40').split(',').map(Number);
const baselineDist = path.resolve(process.argv[2] ?? process.env.BASELINE_DIST ?? '');
if (!process.argv[2] && !process.env.BASELINE_DIST) {
  console.error('usage: node --import tsx apps/web/bench/dashboard-load.mjs <baseline dist folder>');
  process.exit(2);
}
const DASHBOARD = '/pages/desktop/dashboard/index';
const METRICS = ['fcp', 'frame', 'price', 'markets', 'entry', 'all', 'jsKB'];

/** Installed before the app: notes when each part first shows (ms since the navigation started). */
function recorder() {
  const marks = {};
  window.__marks = marks;
  const mark = (name, ok) => {
    if (marks[name] === undefined && ok()) marks[name] = Math.round(performance.now());
  };
  const check = () => {
    const dash = document.querySelector('.dash');
    mark('frame', () => dash !== null);
    mark('price', () =>
      /^[1-9]/.test(document.querySelector('.dash-price [data-testid="live-price"]')?.textContent ?? ''),
    );
    mark('markets', () => document.querySelector('.dash-slot[data-panel="markets"] tbody tr') !== null);
    mark('entry', () => document.querySelector('.dash-entry .dash-panel__title') !== null);
    mark(
      'all',
      () =>
        dash !== null &&
        !dash.hasAttribute('aria-busy') &&
        document.querySelector('.dash-placeholder') === null &&
        document.querySelectorAll('.dash-slot').length > 0 &&
        document.querySelector('.dash-entry .dash-panel__title') !== null,
    );
    if (marks.all !== undefined && marks.jsKB === undefined) {
      marks.jsKB =
        Math.round(
          (performance
            .getEntriesByType('resource')
            .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
            .reduce((n, r) => n + r.transferSize, 0) /
            1024) *
            10,
        ) / 10;
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = Math.round(e.startTime);
  }).observe({ type: 'paint', buffered: true });
}

async function visit(browser, baseUrl) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  if (downMbit > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rttMs,
      downloadThroughput: (downMbit * 1e6) / 8,
      uploadThroughput: (downMbit * 1e6) / 8,
    });
  }
  await page.addInitScript(recorder);
  await page.goto(`${baseUrl}${DASHBOARD}`);
  await page.waitForFunction(
    () =>
      window.__marks?.jsKB !== undefined &&
      window.__marks?.price !== undefined &&
      window.__marks?.markets !== undefined &&
      window.__marks?.fcp !== undefined,
    null,
    { timeout: 60_000 },
  );
  const marks = await page.evaluate(() => window.__marks);
  await context.close();
  return marks;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

const servers = {};
const browser = await launchBrowser();
try {
  servers.baseline = await startServer({ env: { WEB_DIST: baselineDist } });
  servers.subject = await startServer();
  const results = { baseline: [], subject: [] };
  // One visit each first, not counted: the servers' first answers and the market feed warm up.
  await visit(browser, servers.baseline.baseUrl);
  await visit(browser, servers.subject.baseUrl);
  for (let i = 0; i < RUNS; i++) {
    for (const which of i % 2 === 0 ? ['baseline', 'subject'] : ['subject', 'baseline']) {
      results[which].push(await visit(browser, servers[which].baseUrl));
    }
  }
  console.log(
    `desktop dashboard, first visit at 1440×900, ${downMbit > 0 ? `${downMbit} Mbit/s, ${rttMs} ms RTT` : 'no throttling'}; ${RUNS} runs each, alternating`,
  );
  console.log(`baseline ${baselineDist}\nsubject  apps/web/dist`);
  const fmt = (s) => `${s.min} / ${s.median} / ${s.max}`;
  console.log(
    `${'metric (ms; jsKB)'.padEnd(18)} ${'baseline min/med/max'.padStart(24)} ${'subject min/med/max'.padStart(24)} ${'ratio'.padStart(6)}`,
  );
  for (const m of METRICS) {
    const b = stats(results.baseline.map((r) => r[m]));
    const s = stats(results.subject.map((r) => r[m]));
    console.log(
      `${m.padEnd(18)} ${fmt(b).padStart(24)} ${fmt(s).padStart(24)} ${(s.median / b.median).toFixed(2).padStart(6)}`,
    );
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) await stopServer(s);
}

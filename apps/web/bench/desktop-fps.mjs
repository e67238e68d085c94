#!/usr/bin/env node
/**
 * `npm run bench:desktop-fps`: the desktop dashboard's frame rate under a busy live feed (issue 15:
 * "at 20 updates/s per panel the page holds 60 frames per second, and React re-renders only the
 * rows that changed").
 *
 * The real server runs on a temporary PGlite data folder with the built app (as the browser tests
 * start it, apps/web/e2e/harness/server.ts; the npm script builds the app first when its sources
 * changed), with MARKET_SIM_DEPTH_MS=20: the simulator refreshes every watched instrument's order
 * book 50 times a second between trades, and pumps its ticks as often (the hub sends at most
 * one message per WS_FLUSH_MS, 30 ms) (docs/configuration.md). The crypto group of the markets
 * list gets the tickers of 21 instruments at about 3 trades a second each, sent every WS_FLUSH_MS
 * (30 ms). Debian's Chromium (headless, software rendering; nothing downloads a browser) opens
 * the dashboard at 1440×900 (a desktop-sized window gets the desktop layout).
 *
 * A script in the page wraps WebSocket: it counts, per connection, the frames and the order-book
 * (depth of the chosen symbol) and ticker updates that arrive, and can hold the feed: while held
 * each incoming frame reaches the app as an empty batch (the socket stays alive for the app's
 * watchdog; nothing updates). A frame meter repaints a 1-pixel dot on every animation frame, so
 * the page has something to present each vsync and the frame rate measures how often the main
 * thread and the compositor make it in time (with nothing changing, Chromium presents no frames).
 *
 * Each run records a performance trace (CDP Tracing through playwright-core) of RUN_SECONDS:
 * frames are the page's compositor draws (DrawFrame events of its renderer), fps their rate over
 * the run; a long frame is a gap between draws over 1.5 vsyncs (25 ms), and the vsyncs such gaps
 * missed are the dropped frames; the main thread's time is summed as wall time (busy %) and as
 * thread time (CPU ms/s, less sensitive to a loaded machine), and its busiest tasks by name;
 * tasks longer than a frame are counted twice: by wall time, and by their own thread time (a task
 * long in wall time but short in thread time waited for a core: the machine, not the page). Runs alternate
 * baseline (the same page, the feed held) and subject (the live feed), FPS_RUNS pairs.
 *
 * Then a row check (not traced, it costs time itself; apps/web/e2e/harness/row-renders.ts): for
 * CHECK_SECONDS it records, through the hook React DevTools uses, which rows of the markets list
 * and the order book each React commit rendered, and with a MutationObserver which rows each DOM
 * update touched; a row rendered or touched whose HTML did not change fails the bench.
 *
 * An update of the markets list is a ticker (one row's new price; the server sends those of a
 * 30 ms flush in one message, and the list repaints at most 4 times a second by design); an update
 * of the order book is a depth message of the chosen symbol. Both are counted as they arrive.
 *
 * Exits 1 when a check fails: no frames recorded, a panel got fewer than 20 updates a second in a
 * subject run, or the row check found touched unchanged rows (or saw no update of a panel).
 *
 * Environment: FPS_RUNS (default 3), FPS_SECONDS (default 10), FPS_CHECK_SECONDS (default 10),
 * FPS_TRACES (a folder: each run's trace JSON goes there, to open in DevTools), CHROMIUM_PATH.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../e2e/harness/browser.ts';
import { DESKTOP, DIST_INDEX, sleep } from '../e2e/harness/config.ts';
import { describeRowCheck, rowRenderHook, startRowCheck, stopRowCheck } from '../e2e/harness/row-renders.ts';
import { startServer, stopServer, tail } from '../e2e/harness/server.ts';

const RUNS = Math.max(1, Number(process.env.FPS_RUNS) || 3);
const RUN_SECONDS = Math.max(2, Number(process.env.FPS_SECONDS) || 10);
const CHECK_SECONDS = Math.max(2, Number(process.env.FPS_CHECK_SECONDS) || 10);
const TRACES = process.env.FPS_TRACES || '';
const DEPTH_MS = 20;
const MIN_UPDATES_PER_SECOND = 20;
const TARGET_FPS = 60;
const VSYNC_MS = 1000 / 60;
const SYMBOL = 'BTCUSDT';
const DASHBOARD = `/pages/desktop/dashboard/index?symbol=${SYMBOL}`;
const SETTLE_MS = 1500;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'benchmark',
  'cc',
  'blink',
];

/**
 * Runs in the page before the app: the WebSocket wrapper (counts, hold) and the frame meter.
 * `window.__fps`: { held, reset(), counts() }.
 */
function pageInstrumentation() {
  const Native = window.WebSocket;
  const EMPTY = '{"eventType":"batch","data":[]}';
  const sockets = [];
  const infoOf = new WeakMap();
  const state = { held: false, since: performance.now() };
  const count = (text, needle) => {
    let n = 0;
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n += 1;
    return n;
  };
  class CountedSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const info = { channels: new Set(), frames: 0, tickerFrames: 0, tickers: 0, depths: 0 };
      sockets.push(info);
      infoOf.set(this, info);
      // Registered before the app sets onmessage, so it runs first and can stop it.
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        info.frames += 1;
        const tickers = count(event.data, '"eventType":"ticker"');
        info.tickers += tickers;
        if (tickers > 0) info.tickerFrames += 1;
        // The symbol's connection carries one instrument: its depth updates are the book's.
        info.depths += count(event.data, '"eventType":"depth"');
        if (!state.held) return;
        event.stopImmediatePropagation();
        this.onmessage?.(new MessageEvent('message', { data: EMPTY }));
      });
    }

    send(data) {
      try {
        const m = JSON.parse(data);
        if (m.methodType === 'SUBSCRIBE' && m.channel) infoOf.get(this)?.channels.add(m.channel);
      } catch {
        // not ours to judge
      }
      return super.send(data);
    }
  }
  window.WebSocket = CountedSocket;
  window.__fps = {
    get held() {
      return state.held;
    },
    set held(value) {
      state.held = value;
    },
    reset() {
      state.since = performance.now();
      for (const s of sockets) Object.assign(s, { frames: 0, tickerFrames: 0, tickers: 0, depths: 0 });
    },
    counts() {
      const seconds = (performance.now() - state.since) / 1000;
      return {
        seconds,
        sockets: sockets.map((s) => ({
          channels: [...s.channels],
          frames: s.frames,
          tickerFrames: s.tickerFrames,
          tickers: s.tickers,
          depths: s.depths,
        })),
      };
    },
  };
  // The frame meter: a 1-pixel dot that changes colour on every animation frame (a repaint).
  const startMeter = () => {
    const dot = document.createElement('div');
    dot.setAttribute('aria-hidden', 'true');
    dot.style.cssText = 'position:fixed;left:0;bottom:0;z-index:2147483647;width:4px;height:4px;pointer-events:none;';
    document.body.append(dot);
    let x = 0;
    const step = () => {
      x ^= 1;
      dot.style.backgroundColor = x ? '#000' : '#fff';
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };
  if (document.body) startMeter();
  else document.addEventListener('DOMContentLoaded', startMeter);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs, digits = 1) =>
  `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}`;

/** Frames of the page's renderer in a trace: presented, dropped, long gaps, and where the main thread's time went. */
function analyse(events) {
  // The renderer: the process whose main thread ran the page's animation frames.
  const byPid = new Map();
  for (const e of events) if (e.name === 'FireAnimationFrame') byPid.set(e.pid, (byPid.get(e.pid) ?? 0) + 1);
  const pid = [...byPid.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  // The frames the page's compositor drew (DevTools' frame model counts these). Chromium's
  // PipelineReporter events would also say presented or dropped, but headless reports every
  // frame of the held page as dropped although it draws them: the draws are what both modes share.
  const drawnAt = events
    .filter((e) => e.pid === pid && e.name === 'DrawFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const span = drawnAt.length > 1 ? (drawnAt.at(-1) - drawnAt[0]) / 1e6 : 0;
  let long = 0;
  let dropped = 0;
  for (let i = 1; i < drawnAt.length; i++) {
    const gap = (drawnAt[i] - drawnAt[i - 1]) / 1000;
    if (gap > VSYNC_MS * 1.5) long += 1;
    dropped += Math.max(0, Math.round(gap / VSYNC_MS) - 1);
  }
  const presented = drawnAt.length;
  // Main-thread time by task: the renderer's main thread is the one running FireAnimationFrame.
  const mainTid = events.find((e) => e.pid === pid && e.name === 'FireAnimationFrame')?.tid;
  // Thread time (tdur), not wall time: on a loaded machine a task's wall time grows with the
  // waits for a core, its thread time much less.
  const busy = {};
  let mainMs = 0;
  let mainCpuMs = 0;
  let longTasks = 0;
  let longWork = 0;
  for (const e of events) {
    if (e.pid !== pid || e.tid !== mainTid || e.ph !== 'X' || !e.dur) continue;
    const cpu = (e.tdur ?? e.dur) / 1000;
    if (e.name === 'RunTask') {
      mainMs += e.dur / 1000;
      mainCpuMs += cpu;
      // A task longer than a frame: from its own work (thread time) or from waiting for a core.
      if (e.dur / 1000 > VSYNC_MS) longTasks += 1;
      if (cpu > VSYNC_MS) longWork += 1;
    }
    if (
      [
        'FunctionCall',
        'EventDispatch',
        'TimerFire',
        'FireAnimationFrame',
        'UpdateLayoutTree',
        'Layout',
        'PrePaint',
        'Paint',
        'Layerize',
        'Commit',
        'ParseHTML',
        'MinorGC',
        'MajorGC',
        'HitTest',
      ].includes(e.name)
    ) {
      busy[e.name] = (busy[e.name] ?? 0) + cpu;
    }
  }
  return {
    presented,
    dropped,
    long,
    fps: span > 0 ? (presented - 1) / span : 0,
    mainMs,
    mainCpuMs,
    longTasks,
    longWork,
    busy,
  };
}

/** One traced run: hold or release the feed, settle, trace RUN_SECONDS, read the counters. */
async function runOnce(browser, page, held, label) {
  await page.evaluate((h) => {
    window.__fps.held = h;
  }, held);
  await sleep(SETTLE_MS);
  await page.evaluate(() => window.__fps.reset());
  await browser.startTracing(page, { categories: CATEGORIES });
  await sleep(RUN_SECONDS * 1000);
  const buffer = await browser.stopTracing();
  const counts = await page.evaluate(() => window.__fps.counts());
  if (TRACES) {
    fs.mkdirSync(TRACES, { recursive: true });
    fs.writeFileSync(path.join(TRACES, `${label.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`), buffer);
  }
  const frames = analyse(JSON.parse(buffer.toString('utf8')).traceEvents);
  const general = counts.sockets.filter((s) => s.channels.includes('general'));
  const symbol = counts.sockets.filter((s) => s.channels.includes('realtime'));
  const sum = (list, key) => list.reduce((n, s) => n + s[key], 0);
  return {
    ...frames,
    listPerSecond: sum(general, 'tickerFrames') / counts.seconds,
    tickersPerSecond: sum(general, 'tickers') / counts.seconds,
    bookPerSecond: sum(symbol, 'depths') / counts.seconds,
  };
}

const describeRun = (r) =>
  `${r.fps.toFixed(1)} fps (${r.presented} drawn, ${r.dropped} dropped, ${r.long} long); ` +
  `updates/s: markets list ${r.tickersPerSecond.toFixed(1)} tickers in ${r.listPerSecond.toFixed(1)} messages, order book ${r.bookPerSecond.toFixed(1)}; ` +
  `main thread busy ${(r.mainMs / RUN_SECONDS / 10).toFixed(0)}% (CPU ${(r.mainCpuMs / RUN_SECONDS).toFixed(0)} ms/s); ` +
  `tasks over 16.7 ms: ${r.longTasks} (${r.longWork} by their own CPU time)`;

async function main() {
  if (!fs.existsSync(DIST_INDEX)) {
    console.error(`${DIST_INDEX} is missing: build the app first (npm run bench:desktop-fps builds apps/web/dist).`);
    process.exit(1);
  }
  // The embedded database in a temporary folder, whatever DATABASE_URL the shell has.
  delete process.env.DATABASE_URL;
  const failures = [];
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const server = await startServer({ env: { MARKET_SIM_DEPTH_MS: String(DEPTH_MS) } });
  let browser;
  try {
    console.log(
      `server ready at ${server.baseUrl} (PGlite data in ${server.dataDir}); MARKET_SIM_DEPTH_MS=${DEPTH_MS}`,
    );
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(pageInstrumentation);
    await context.addInitScript(rowRenderHook);
    const page = await context.newPage();
    page.on('pageerror', (err) => failures.push(`page error: ${err.message}`));
    page.on(
      'console',
      (msg) =>
        msg.type() === 'error' &&
        !/Failed to load resource/.test(msg.text()) &&
        failures.push(`console error: ${msg.text()}`),
    );
    await page.goto(`${server.baseUrl}${DASHBOARD}`);
    await page.locator('.dash-markets tbody tr').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('dash-order-book').locator('tbody tr').first().waitFor({ timeout: 60_000 });
    // Warm-up: the chart's history, the code's first runs, the server's first-start work (its
    // history is stored a few seconds after the start, which slows its feed for a while): until
    // both panels get their 20 updates a second over 2 s, at most a minute.
    await sleep(5000);
    for (let waited = 0; waited < 60_000; waited += 2000) {
      await page.evaluate(() => window.__fps.reset());
      await sleep(2000);
      const c = await page.evaluate(() => window.__fps.counts());
      const of = (channel, key) =>
        c.sockets.filter((x) => x.channels.includes(channel)).reduce((n, x) => n + x[key], 0) / c.seconds;
      if (of('general', 'tickers') >= MIN_UPDATES_PER_SECOND && of('realtime', 'depths') >= MIN_UPDATES_PER_SECOND)
        break;
    }

    const runs = { baseline: [], subject: [] };
    for (let i = 1; i <= RUNS; i++) {
      for (const [label, held] of [
        ['baseline', true],
        ['subject', false],
      ]) {
        const run = await runOnce(browser, page, held, `${label} ${i}`);
        runs[label].push(run);
        console.log(`  ${label.padEnd(8)} run ${i}: ${describeRun(run)}`);
        if (run.presented === 0) failures.push(`${label} run ${i}: no frames recorded`);
        if (!held && run.tickersPerSecond < MIN_UPDATES_PER_SECOND)
          failures.push(
            `subject run ${i}: the markets list got ${run.tickersPerSecond.toFixed(1)} ticker updates/s (< ${MIN_UPDATES_PER_SECOND})`,
          );
        if (!held && run.bookPerSecond < MIN_UPDATES_PER_SECOND)
          failures.push(
            `subject run ${i}: the order book got ${run.bookPerSecond.toFixed(1)} updates/s (< ${MIN_UPDATES_PER_SECOND})`,
          );
      }
    }

    // The row check, on the live feed.
    await page.evaluate(() => {
      window.__fps.held = false;
    });
    await startRowCheck(page);
    await sleep(CHECK_SECONDS * 1000);
    const rows = await stopRowCheck(page);

    console.log(
      `\n${RUNS} pair(s) of ${RUN_SECONDS} s, 1440×900, headless Chromium (software rendering); min / median / max`,
    );
    for (const label of ['baseline', 'subject']) {
      const list = runs[label];
      console.log(
        `  ${label.padEnd(8)} fps ${spread(list.map((r) => r.fps))}; dropped ${spread(
          list.map((r) => r.dropped),
          0,
        )}; long frames ${spread(
          list.map((r) => r.long),
          0,
        )}; ` +
          `main thread busy ${spread(
            list.map((r) => r.mainMs / RUN_SECONDS / 10),
            0,
          )}%, CPU ${spread(
            list.map((r) => r.mainCpuMs / RUN_SECONDS),
            0,
          )} ms/s; ` +
          `tasks over 16.7 ms ${spread(
            list.map((r) => r.longTasks),
            0,
          )} (by own CPU ${spread(
            list.map((r) => r.longWork),
            0,
          )}); updates/s list ${spread(list.map((r) => r.tickersPerSecond))} (in ${spread(list.map((r) => r.listPerSecond))} messages), book ${spread(list.map((r) => r.bookPerSecond))}`,
      );
    }
    const fps = (label) => median(runs[label].map((r) => r.fps));
    const droppedShare = (label) => median(runs[label].map((r) => r.dropped / (RUN_SECONDS * TARGET_FPS)));
    const met = fps('subject') >= TARGET_FPS - 1 && droppedShare('subject') <= 0.01;
    console.log(
      `  ratio    fps subject / baseline ${(fps('subject') / fps('baseline')).toFixed(3)}; dropped ${(droppedShare('subject') * 100).toFixed(1)}% of vsyncs vs ${(droppedShare('baseline') * 100).toFixed(1)}% held`,
    );
    console.log(
      `  target   ${TARGET_FPS} fps (median ≥ ${TARGET_FPS - 1} fps and ≤ 1% of vsyncs dropped): ${met ? 'met' : 'NOT met'} ` +
        `(median ${fps('subject').toFixed(1)} fps, ${(droppedShare('subject') * 100).toFixed(1)}% dropped; the held page: ${fps('baseline').toFixed(1)} fps, ${(droppedShare('baseline') * 100).toFixed(1)}%)`,
    );
    const busiest = {};
    for (const r of runs.subject)
      for (const [k, v] of Object.entries(r.busy))
        busiest[k] = (busiest[k] ?? 0) + v / runs.subject.length / RUN_SECONDS;
    console.log(
      `  subject main thread CPU by task, ms per second: ${Object.entries(busiest)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')}`,
    );
    for (const line of describeRowCheck(rows, CHECK_SECONDS)) console.log(`  rows, ${line}`);
    if (rows.needless.length)
      failures.push(`rows rendered or touched without a change:\n    ${rows.needless.join('\n    ')}`);
    for (const [panel, x] of Object.entries(rows.panels))
      if (x.commits === 0 || x.updates === 0) failures.push(`the row check saw no update of the ${panel} panel`);
  } catch (error) {
    failures.push(`setup: ${error?.stack ?? error}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer(server);
    if (failures.length) console.log(`--- server log (last lines) ---\n${tail(server.logFile)}`);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (failures.length > 0) {
    console.error(`\n${failures.length} check(s) failed:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

await main();

#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse's performance score of the web app's pages (issue 14:
 * mobile ≥ 95 on home, quote, trade chart and login).
 *
 * Lighthouse (from npm, pinned) drives Debian's Chromium through puppeteer-core; nothing downloads
 * a browser. The real server runs on a temporary PGlite data folder with the built app
 * (apps/web/e2e/harness/server.ts, as the browser tests start it; the npm script builds the app
 * first when its sources changed). Lighthouse's defaults otherwise: the mobile form factor and its
 * simulated throttling (slow 4G, a 4× slower CPU), cold cache and storage, performance only.
 *
 * Each page runs RUNS times, each in a fresh browser; the script prints every run, then per page
 * the score and LCP, TBT, CLS, FCP and Speed Index as min / median / max, the median score against
 * the target. With LIGHTHOUSE_BASELINE_DIST (another build of the app, e.g. the main branch's), a
 * second server serves that build and every run of a page alternates baseline and subject, so both
 * meet the same load of this shared machine; the summary then gives both and the ratio of the
 * medians (subject / baseline; for the score higher is better, for the times lower).
 *
 * Exits 1 when a run fails: Lighthouse errs (a trace hiccup it asks to run again for is retried,
 * at most twice) or scores nothing, the page ends elsewhere than it was opened (the login page
 * must not redirect), or it never goes quiet (Lighthouse's 45 s limit: long-lived connections).
 *
 *   node --import tsx apps/web/bench/lighthouse.mjs [filter ...]   only the pages whose name contains a filter
 *
 * The subject's medians are also held against the last recorded figures (lighthouse-record.json
 * beside this script, which docs/performance.md quotes): a page whose median score falls more than
 * RECORD_TOLERANCE points below its record, or below the target, is named as a regression and the
 * script exits 1 (issue 34: the logged-in home and the trade chart fell from 95 and 93 to 88 and 69
 * unseen). The load average is printed with the scores: figures taken at a load above 2 are not
 * comparable and are not recorded. `--record` writes the medians as the new record (only when all
 * five pages ran and the load was ≤ 2).
 *
 * Environment: LIGHTHOUSE_RUNS (default 3), LIGHTHOUSE_BASELINE_DIST, LIGHTHOUSE_REPORTS (a folder:
 * each run's full JSON report goes there), CHROMIUM_PATH (default /usr/bin/chromium), WEB_DIST
 * (the server's own setting: the build to measure, default apps/web/dist).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { sessionStorageValue } from '../e2e/harness/browser.ts';
import { CHROMIUM, CHROMIUM_ARGS, DIST_INDEX } from '../e2e/harness/config.ts';
import { startServer, stopServer, tail } from '../e2e/harness/server.ts';
import { registerViaApi, uniqueEmail } from '../e2e/harness/users.ts';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS || '';
const TARGET_SCORE = 95;
/** The recorded medians (`--record` writes them): { date, commit, load, pages: { [name]: { score, ...metrics } } }. */
const RECORD_FILE = path.join(import.meta.dirname, 'lighthouse-record.json');
/** How far (score points) a median may fall below its record before the run counts as a regression. */
const RECORD_TOLERANCE = 3;
/** Above this load average (1 minute) the figures are printed but not recorded. */
const RECORD_LOAD_MAX = 2;

/**
 * Trace-recording hiccups Lighthouse itself says to run again for (seen on the loaded 2-core
 * machine about once in 15 runs): such a run is repeated, at most twice, and says so.
 */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'TRACING_ALREADY_STARTED', 'PROTOCOL_TIMEOUT']);
const ATTEMPTS_MAX = 3;

/**
 * The pages of the issue, as a first-time visitor opens them (none of them needs a session; the
 * login page sends a logged-in user away), and the home page of a returning, logged-in user.
 */
const PAGES = [
  { name: 'home', path: '/pages/home/index' },
  { name: 'home (logged in)', path: '/pages/home/index', loggedIn: true },
  { name: 'quote', path: '/pages/quote/index' },
  { name: 'trade chart', path: '/pages/trade-chart/index?symbol=BTCUSDT' },
  { name: 'login', path: '/pages/login/login' },
];

const METRICS = [
  { key: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { key: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { key: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { key: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { key: 'speed-index', label: 'SI', unit: 'ms' },
];

class LighthouseRunError extends Error {
  constructor(code, message) {
    super(`Lighthouse: ${code} ${message}`);
    this.code = code;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (value, unit) =>
  unit === 'ms' ? `${Math.round(value)} ms` : unit === 'score' ? String(value) : value.toFixed(3);
const spread = (xs, unit) => `${fmt(Math.min(...xs), unit)} / ${fmt(median(xs), unit)} / ${fmt(Math.max(...xs), unit)}`;
const ratio = (subject, baseline) =>
  baseline === 0 ? (subject === 0 ? '1.00×' : '–') : `${(subject / baseline).toFixed(2)}×`;

/** One Lighthouse run of a page in a fresh browser; the session (if any) is in storage before the app starts. */
async function runOnce(baseUrl, page, session) {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    defaultViewport: null,
  });
  try {
    const tab = await browser.newPage();
    if (session) {
      // Lighthouse clears the origin's storage before it loads the page; this runs in the page
      // itself, before the app's code (about:blank, which Lighthouse opens first, is skipped).
      await tab.evaluateOnNewDocument(
        (origin, value) => {
          if (globalThis.location.origin === origin) globalThis.localStorage.setItem('tw.session', value);
        },
        baseUrl,
        session,
      );
    }
    const url = `${baseUrl}${page.path}`;
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      undefined,
      tab,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      const file = `${page.name.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new LighthouseRunError(lhr.runtimeError.code, lhr.runtimeError.message);
    // Lighthouse ends a page once its network is quiet: at most two requests open and no
    // high-priority one for 5 s. A page that never gets there is measured for 45 s, and its Speed
    // Index counts every live price that changes meanwhile (issue 34: the logged-in home's 9 s,
    // from a second socket and a high-priority notice stream). Named, not scored.
    if (lhr.runWarnings.some((w) => /too slowly to finish/.test(w)))
      throw new Error(
        'the page never went quiet (more than two long-lived requests, or a high-priority one, stay open): Lighthouse waited its 45 s limit',
      );
    const score = lhr.categories.performance.score;
    if (typeof score !== 'number') throw new Error('no performance score (a metric could not be measured)');
    const landed = new URL(lhr.finalDisplayedUrl);
    if (`${landed.pathname}${landed.search}` !== page.path)
      throw new Error(`the page ended at ${landed.pathname}${landed.search}, not ${page.path}`);
    const metrics = Object.fromEntries(METRICS.map((m) => [m.key, lhr.audits[m.key].numericValue]));
    return {
      score: Math.round(score * 100),
      metrics,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      version: lhr.lighthouseVersion,
    };
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** A run, repeated when Lighthouse asks for that (RETRIED_ERRORS). */
async function runWithRetries(target, page, i) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(target.server.baseUrl, page, page.loggedIn ? target.session : null);
    } catch (error) {
      if (!(error instanceof LighthouseRunError && RETRIED_ERRORS.has(error.code)) || attempt >= ATTEMPTS_MAX)
        throw error;
      console.log(`  ${page.name}, ${target.label} run ${i}: ${error.code}, running it again`);
    }
  }
}

/** Runs every selected page RUNS times on every target (alternating); returns the failures and the runs. */
async function measure(targets, pages) {
  const failures = [];
  const results = [];
  for (const page of pages) {
    const runs = new Map(targets.map((t) => [t.label, []]));
    for (let i = 1; i <= RUNS; i += 1) {
      for (const target of targets) {
        const name = `${page.name}, ${target.label} run ${i}`;
        try {
          const run = await runWithRetries(target, page, i);
          runs.get(target.label).push(run);
          const line = METRICS.map((m) => `${m.label} ${fmt(run.metrics[m.key], m.unit)}`).join(', ');
          console.log(
            `  ${name}: score ${run.score} (${line}; benchmarkIndex ${Math.round(run.benchmarkIndex)}; load ${loadAverage()})`,
          );
        } catch (error) {
          failures.push(`${name}: ${error?.message ?? error}`);
          console.log(`  ${name}: FAILED ${error?.message ?? error}`);
        }
      }
    }
    results.push({ page, runs });
  }
  report(targets, results);
  return { failures: [...failures, ...againstRecord(results)], results };
}

const loadAverage = () => os.loadavg()[0].toFixed(2);

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

function readRecord() {
  try {
    return JSON.parse(fs.readFileSync(RECORD_FILE, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The subject's median score of each page against the recorded one: a fall of more than
 * RECORD_TOLERANCE points, or a median under the target, is a regression (one failure each).
 */
function againstRecord(results) {
  const record = readRecord();
  const regressions = [];
  console.log(
    `\nAgainst the record (${record ? `${record.date}, ${record.commit}, load ${record.load}` : 'none yet'}); load now ${loadAverage()}`,
  );
  for (const { page, runs } of results) {
    const list = runs.get('subject') ?? [];
    if (list.length === 0) continue;
    const score = median(list.map((r) => r.score));
    const recorded = record?.pages?.[page.name]?.score;
    const fell = recorded !== undefined && score < recorded - RECORD_TOLERANCE;
    const line = `${page.name}: median ${score}${recorded === undefined ? '' : `, recorded ${recorded}`}`;
    if (fell || score < TARGET_SCORE) {
      regressions.push(
        `${line}: ${fell ? `more than ${RECORD_TOLERANCE} points below the record` : 'under the target'}`,
      );
      console.log(`  ${line}: REGRESSION`);
    } else console.log(`  ${line}: ok`);
  }
  return regressions;
}

/** `--record`: the subject's medians become the record, when every page ran and the machine was quiet. */
function writeRecord(results, commit) {
  const load = Number(loadAverage());
  const complete = results.length === PAGES.length && results.every(({ runs }) => runs.get('subject')?.length);
  if (!complete || load > RECORD_LOAD_MAX) {
    console.log(`not recorded: ${complete ? `load ${load} > ${RECORD_LOAD_MAX}` : 'not every page ran'}`);
    return;
  }
  const pages = {};
  for (const { page, runs } of results) {
    const list = runs.get('subject');
    pages[page.name] = {
      score: median(list.map((r) => r.score)),
      ...Object.fromEntries(
        METRICS.map((m) => [m.label, Math.round(median(list.map((r) => r.metrics[m.key])) * 1000) / 1000]),
      ),
    };
  }
  const record = { date: new Date().toISOString().slice(0, 16).replace('T', ' '), commit, load, pages };
  fs.writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`recorded in ${path.relative(process.cwd(), RECORD_FILE)}`);
}

function report(targets, results) {
  const version = results.flatMap((r) => [...r.runs.values()].flat())[0]?.version ?? '?';
  console.log(
    `\nLighthouse ${version}, mobile, simulated throttling; min / median / max over ${RUNS} run(s); target: score ≥ ${TARGET_SCORE}`,
  );
  for (const { page, runs } of results) {
    console.log(page.name);
    for (const target of targets) {
      const list = runs.get(target.label);
      if (list.length === 0) {
        console.log(`  ${target.label.padEnd(8)} no successful run`);
        continue;
      }
      const scores = list.map((r) => r.score);
      const met = median(scores) >= TARGET_SCORE ? 'target met' : 'target NOT met';
      console.log(
        `  ${target.label.padEnd(8)} score ${spread(scores, 'score')} (${met}); ` +
          METRICS.map(
            (m) =>
              `${m.label} ${spread(
                list.map((r) => r.metrics[m.key]),
                m.unit,
              )}`,
          ).join('; '),
      );
    }
    const [subject, baseline] = targets.map((t) => runs.get(t.label));
    if (baseline?.length && subject.length) {
      const med = (list, pick) => median(list.map(pick));
      console.log(
        `  ratio    score ${ratio(
          med(subject, (r) => r.score),
          med(baseline, (r) => r.score),
        )}; ` +
          METRICS.map(
            (m) =>
              `${m.label} ${ratio(
                med(subject, (r) => r.metrics[m.key]),
                med(baseline, (r) => r.metrics[m.key]),
              )}`,
          ).join('; '),
      );
    }
  }
}

/** A server for one build, with a logged-in user's session if a page needs one. */
async function startTarget(label, dist, pages) {
  const server = await startServer({ env: dist ? { WEB_DIST: dist } : {} });
  const target = { label, server, session: null };
  try {
    console.log(
      `${label}: server ready at ${server.baseUrl} (PGlite data in ${server.dataDir}), serving ${dist ?? path.dirname(DIST_INDEX)}`,
    );
    if (pages.some((p) => p.loggedIn))
      target.session = sessionStorageValue(await registerViaApi(server, uniqueEmail('lighthouse')));
    return target;
  } catch (error) {
    await stopTarget(target, true);
    throw error;
  }
}

async function stopTarget({ server }, failed) {
  await stopServer(server);
  await server.database.drop().catch(() => undefined);
  if (failed) console.log(`--- server log (last lines) ---\n${tail(server.logFile)}`);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

async function main() {
  const subjectDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : undefined;
  const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST
    ? path.resolve(process.env.LIGHTHOUSE_BASELINE_DIST)
    : undefined;
  for (const index of [
    subjectDist ? path.join(subjectDist, 'index.html') : DIST_INDEX,
    ...(baselineDist ? [path.join(baselineDist, 'index.html')] : []),
  ]) {
    if (!fs.existsSync(index)) {
      console.error(`${index} is missing: build the app first (npm run bench:lighthouse builds apps/web/dist).`);
      process.exit(1);
    }
  }
  const args = process.argv.slice(2);
  const record = args.includes('--record');
  const filters = args.filter((a) => a !== '--record');
  const pages = filters.length === 0 ? PAGES : PAGES.filter((p) => filters.some((f) => p.name.includes(f)));
  if (pages.length === 0) {
    console.error(`no page matches ${filters.join(', ')}`);
    process.exit(1);
  }
  // The embedded database in a temporary folder, whatever DATABASE_URL the shell has.
  delete process.env.DATABASE_URL;
  const targets = [];
  let failures = [];
  try {
    targets.push(await startTarget('subject', subjectDist, pages));
    if (baselineDist) targets.push(await startTarget('baseline', baselineDist, pages));
    console.log(`${pages.length} page(s) × ${RUNS} run(s)${baselineDist ? ', baseline and subject alternating' : ''}`);
    const measured = await measure(targets, pages);
    failures = measured.failures;
    if (record) writeRecord(measured.results, gitCommit());
  } catch (error) {
    failures.push(`setup: ${error?.stack ?? error}`);
  } finally {
    for (const target of targets) await stopTarget(target, failures.length > 0);
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} run(s) failed:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

await main();

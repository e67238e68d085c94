/**
 * Browser tests of the web app against the real server.
 *
 * `npm run test:browser` builds apps/web first; this script builds nothing. It loads every
 * journey from journeys/*.ts (each file exports `journeys: Journey[]`, harness/index.ts:
 * `{ name, fn, last?, earlyUser?, slow? }`), starts one server on a free port with a fresh data
 * folder (harness/server.ts), drives Debian's Chromium through playwright-core, stops the server,
 * and prints one closing line `N passed, N failed` (exit code 1 if anything failed).
 *
 *   node --import tsx apps/web/e2e/run.ts [filter ...]   run only the journeys whose name or file
 *                                                        name contains one of the filters
 *
 * Environment:
 *   CHROMIUM_PATH     browser binary (default /usr/bin/chromium)
 *   E2E_SCREENSHOTS   a folder: save a screenshot of each main screen there
 *   E2E_ONLY          a filter, as on the command line
 *   E2E_DEBUG         log the API requests, error responses and navigations
 *   E2E_WORKERS       how many journeys run at once against the one server (default 2)
 *   E2E_SLOW=skip     leave out the journeys marked `slow` (a minute or more each: their own server,
 *                     a local chain, many pages); they run first otherwise. CI runs every journey once
 *   E2E_REPORT        a file: at the end, write there the journeys' times as JSON,
 *                     `{ "files": [{ "file": "journeys/<name>.ts", "ms" }], "journeys": [{ "name", "file", "ms", "ok" }] }`
 *                     (a file's `ms`: the sum of its journeys'; scripts/test/run.mjs reads it)
 *
 * A journey fails on any CSP violation, console error or uncaught error in its pages, even when
 * its steps passed (harness/browser.ts).
 *
 * Functions sent to the page (evaluate, waitForFunction, addInitScript) are serialised from what
 * tsx compiled: a named function inside one (`const f = () => ...`, `function f`, `{ p: () => ... }`)
 * is wrapped in esbuild's `__name(...)`, which the page lacks ("__name is not defined"). Write them
 * inline, or as method shorthand (harness/row-renders.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { Journey, JourneyContext } from './harness';
import { journeyScope, launchBrowser, screenshotOpenPages } from './harness/browser';
import { DIST_INDEX } from './harness/config';
import { type Server, startServer, stopServer, tail } from './harness/server';
import { type EarlyUser, registerEarly } from './harness/users';

// Two at a time: most of a journey is waiting (for the server, a price tick, a contract's expiry),
// so two share the 2-core CI machine well; E2E_WORKERS=1 runs them one by one.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
const JOURNEYS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'journeys');

/** A journey as loaded: with its file's name (without `.ts`). */
type LoadedJourney = Journey & { file: string };

interface Tally {
  passed: number;
  failed: number;
  /** Each journey that ran, for E2E_REPORT. */
  results: { name: string; file: string; ms: number; ok: boolean }[];
}

function isJourney(value: unknown): value is Journey {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'fn' in value &&
    typeof value.fn === 'function'
  );
}

/** Every journey of journeys/*.ts, file by file in name order, each in its file's order. */
async function loadJourneys(): Promise<LoadedJourney[]> {
  const files = fs
    .readdirSync(JOURNEYS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const all: LoadedJourney[] = [];
  for (const file of files) {
    const module: unknown = await import(pathToFileURL(path.join(JOURNEYS_DIR, file)).href);
    const journeys: unknown =
      typeof module === 'object' && module !== null && 'journeys' in module ? module.journeys : undefined;
    assert(Array.isArray(journeys), `journeys/${file} does not export a \`journeys\` array`);
    for (const journey of journeys) {
      assert(isJourney(journey), `journeys/${file}: a journey needs a name and a fn`);
      all.push({ ...journey, file: file.replace(/\.ts$/, '') });
    }
  }
  const names = all.map((j) => j.name);
  assert(new Set(names).size === names.length, 'two journeys have the same name');
  return all;
}

function select(all: LoadedJourney[], filters: string[]): LoadedJourney[] {
  const matching =
    filters.length === 0 ? all : all.filter((j) => filters.some((f) => j.name.includes(f) || j.file.includes(f)));
  const skipSlow = process.env.E2E_SLOW === 'skip';
  const selected = skipSlow ? matching.filter((j) => !j.slow) : matching;
  if (skipSlow && selected.length < matching.length)
    console.log(`leaving out ${matching.length - selected.length} slow journey(s) (E2E_SLOW=skip)`);
  // The slow journeys (their own server, a chain: minutes each) go first, so that no worker is left
  // with one of them at the end; those that wait for a resend window go last, so the others fill it.
  const rank = (j: LoadedJourney) => (j.last ? 2 : j.slow ? 0 : 1);
  return selected.sort((a, b) => rank(a) - rank(b));
}

/** An error's stack (or the thrown value itself, as text). */
const describeError = (error: unknown) => String((error instanceof Error && error.stack) || error);

async function runJourney(
  journey: LoadedJourney,
  context: JourneyContext,
  tally: Tally,
  prefix: string,
): Promise<void> {
  const started = Date.now();
  const pages = new Set<Page>();
  // CSP violations, console errors and uncaught errors the journey's pages met (harness/browser.ts).
  const problems: string[] = [];
  let ok = false;
  try {
    await journeyScope.run({ pages, prefix, problems }, () => journey.fn(context));
    if (problems.length > 0) throw new Error(`the pages met ${problems.length} problem(s):\n${problems.join('\n')}`);
    ok = true;
    tally.passed += 1;
    console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
  } catch (error) {
    tally.failed += 1;
    const shots = await screenshotOpenPages(pages, tally.failed);
    console.log(
      `  ✗ ${journey.name}${shots ? ` (screenshots: ${shots})` : ''}\n    ${describeError(error).split('\n').slice(0, 8).join('\n    ')}`,
    );
  }
  tally.results.push({ name: journey.name, file: `journeys/${journey.file}.ts`, ms: Date.now() - started, ok });
}

async function runAll(selected: LoadedJourney[], tally: Tally): Promise<void> {
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer();
    console.log(`server ready at ${server.baseUrl} (data in ${server.dataDir})`);
    const early = new Map<LoadedJourney, Promise<EarlyUser>>();
    for (const j of selected) if (j.earlyUser) early.set(j, registerEarly(server, j.earlyUser));
    browser = await launchBrowser();
    // Each journey registers its own users and opens its own contexts, so WORKERS of them can share
    // the one server and browser; the queue keeps the `last` ones last.
    const queue = [...selected];
    const prefix = (journey: LoadedJourney) => (WORKERS > 1 ? `(${journey.file}) ` : '');
    const context = { browser, server };
    const worker = async () => {
      for (let journey = queue.shift(); journey; journey = queue.shift()) {
        await runJourney(journey, { ...context, earlyUser: early.get(journey) }, tally, prefix(journey));
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORKERS, selected.length) }, worker));
  } catch (error) {
    tally.failed += Math.max(1, selected.length - tally.passed - tally.failed);
    console.error(`setup failed: ${describeError(error)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) {
      await stopServer(server);
      const { database, dataDir, logFile } = server;
      await database.drop().catch((error: unknown) => console.error(`could not drop the test database: ${error}`));
      if (tally.failed > 0) console.log(`--- server log (last lines) ---\n${tail(logFile)}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** E2E_REPORT: each journey's time and outcome, and each file's time (the sum of its journeys'). */
function writeReport(file: string, results: Tally['results']): void {
  const byFile = new Map<string, number>();
  for (const r of results) byFile.set(r.file, (byFile.get(r.file) ?? 0) + r.ms);
  const files = [...byFile].sort(([a], [b]) => a.localeCompare(b)).map(([name, ms]) => ({ file: name, ms }));
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ files, journeys: results }, null, 2)}\n`);
}

async function main(): Promise<void> {
  const tally: Tally = { passed: 0, failed: 0, results: [] };
  if (!fs.existsSync(DIST_INDEX)) {
    console.error('apps/web/dist is missing: run `npm run build` first (npm run test:browser does).');
    tally.failed = 1;
  } else {
    const filters = process.argv.slice(2);
    if (process.env.E2E_ONLY) filters.push(process.env.E2E_ONLY);
    const selected = select(await loadJourneys(), filters);
    if (selected.length === 0) {
      console.error(`no journey matches ${filters.map((f) => `"${f}"`).join(' or ')}`);
      tally.failed = 1;
    } else await runAll(selected, tally);
  }
  if (process.env.E2E_REPORT) writeReport(process.env.E2E_REPORT, tally.results);
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  process.exit(tally.failed > 0 ? 1 : 0);
}

await main();

#!/usr/bin/env node
/**
 * Browser tests of the web app against the real server.
 *
 * `npm run test:browser` builds apps/web first; this script builds nothing. It loads every
 * journey from journeys/*.mjs (each file exports `journeys`: `{ name, fn, last?, earlyUser? }`),
 * starts one server on a free port with a fresh data folder (harness/server.mjs), drives Debian's
 * Chromium through playwright-core, stops the server, and prints one closing line
 * `N passed, N failed` (exit code 1 if anything failed).
 *
 *   node apps/web/e2e/run.mjs [filter ...]   run only the journeys whose name or file name
 *                                            contains one of the filters
 *
 * Environment:
 *   CHROMIUM_PATH     browser binary (default /usr/bin/chromium)
 *   E2E_SCREENSHOTS   a folder: save a screenshot of each main screen there
 *   E2E_ONLY          a filter, as on the command line
 *   E2E_DEBUG         log the API requests, error responses and navigations
 *   E2E_WORKERS       how many journeys run at once against the one server (default 2)
 *   E2E_SLOW=skip     leave out the journeys marked `slow` (minutes each: a local chain, review
 *                     queues); CI runs them in its PostgreSQL pass only, every other journey twice
 *
 * A journey fails on any CSP violation, console error or uncaught error in its pages, even when
 * its steps passed (harness/browser.mjs).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { journeyScope, launchBrowser, screenshotOpenPages } from './harness/browser.mjs';
import { DIST_INDEX } from './harness/config.mjs';
import { startServer, stopServer, tail } from './harness/server.mjs';
import { registerEarly } from './harness/users.mjs';

// Two at a time: most of a journey is waiting (for the server, a price tick, a contract's expiry),
// so two share the 2-core CI machine well; E2E_WORKERS=1 runs them one by one.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
const JOURNEYS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'journeys');

/** Every journey of journeys/*.mjs, file by file in name order, each in its file's order. */
async function loadJourneys() {
  const files = fs.readdirSync(JOURNEYS_DIR).filter((f) => f.endsWith('.mjs')).sort();
  const all = [];
  for (const file of files) {
    const { journeys } = await import(pathToFileURL(path.join(JOURNEYS_DIR, file)).href);
    assert(Array.isArray(journeys), `journeys/${file} does not export a \`journeys\` array`);
    for (const journey of journeys) {
      assert(typeof journey.name === 'string' && typeof journey.fn === 'function', `journeys/${file}: a journey needs a name and a fn`);
      all.push({ ...journey, file: file.replace(/\.mjs$/, '') });
    }
  }
  const names = all.map((j) => j.name);
  assert(new Set(names).size === names.length, 'two journeys have the same name');
  return all;
}

function select(all, filters) {
  const matching = filters.length === 0 ? all : all.filter((j) => filters.some((f) => j.name.includes(f) || j.file.includes(f)));
  const skipSlow = process.env.E2E_SLOW === 'skip';
  const selected = skipSlow ? matching.filter((j) => !j.slow) : matching;
  if (skipSlow && selected.length < matching.length) console.log(`leaving out ${matching.length - selected.length} slow journey(s) (E2E_SLOW=skip)`);
  // Journeys that wait for a resend window go last, so the others fill that time.
  return selected.sort((a, b) => Number(Boolean(a.last)) - Number(Boolean(b.last)));
}

async function runJourney(journey, context, tally, prefix) {
  const started = Date.now();
  const pages = new Set();
  // CSP violations, console errors and uncaught errors the journey's pages met (harness/browser.mjs).
  const problems = [];
  try {
    await journeyScope.run({ pages, prefix, problems }, () => journey.fn(context));
    if (problems.length > 0) throw new Error(`the pages met ${problems.length} problem(s):\n${problems.join('\n')}`);
    tally.passed += 1;
    console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
  } catch (error) {
    tally.failed += 1;
    const shots = await screenshotOpenPages(pages, tally.failed);
    console.log(`  ✗ ${journey.name}${shots ? ` (screenshots: ${shots})` : ''}\n    ${String(error?.stack || error).split('\n').slice(0, 8).join('\n    ')}`);
  }
}

async function runAll(selected, tally) {
  let server;
  let browser;
  try {
    server = await startServer();
    console.log(`server ready at ${server.baseUrl} (data in ${server.dataDir})`);
    const early = new Map(selected.filter((j) => j.earlyUser).map((j) => [j, registerEarly(server, j.earlyUser)]));
    browser = await launchBrowser();
    // Each journey registers its own users and opens its own contexts, so WORKERS of them can share
    // the one server and browser; the queue keeps the `last` ones last.
    const queue = [...selected];
    const prefix = (journey) => (WORKERS > 1 ? `(${journey.file}) ` : '');
    const worker = async () => {
      for (let journey = queue.shift(); journey; journey = queue.shift()) {
        await runJourney(journey, { browser, server, earlyUser: early.get(journey) }, tally, prefix(journey));
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORKERS, selected.length) }, worker));
  } catch (error) {
    tally.failed += Math.max(1, selected.length - tally.passed - tally.failed);
    console.error(`setup failed: ${error?.stack || error}`);
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) {
      await stopServer(server);
      await server.database.drop().catch((error) => console.error(`could not drop the test database: ${error}`));
      if (tally.failed > 0) console.log(`--- server log (last lines) ---\n${tail(server.logFile)}`);
      else fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

async function main() {
  const tally = { passed: 0, failed: 0 };
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
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  process.exit(tally.failed > 0 ? 1 : 0);
}

await main();

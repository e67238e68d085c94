#!/usr/bin/env node
/**
 * `npm test`: everything a developer runs before pushing, stage by stage, and what CI runs
 * (`.ci/run` adds `--ci --install`). docs/testing.md says what each stage holds and why.
 *
 *   node scripts/test/run.mjs [--ci] [--install] [stage ...]
 *
 *   --ci        a missing service fails the run at once (CI=true does the same)
 *   --install   runs `npm ci` first, as its own timed stage
 *   stage ...   only these stages (by name: typecheck lint unit server pglite journeys cluster)
 *
 * Services (PostgreSQL, Redis, NATS, Chromium, HAProxy) that are installed but not running are
 * started. Outside CI, a missing one is named in one line at the start and again at the end, with
 * the command that installs it, and the tests that need it do not run (PostgreSQL: the server tests
 * and journeys run on the embedded PGlite instead). Under CI a missing service is a failure.
 *
 * Every stage has its own time limit: a stage that hangs is stopped there, named, and the last lines
 * of its log are printed. At the end: each stage's wall time, the 15 slowest test files, the
 * quarantine list (scripts/test/quarantine.json), every failed test, and the closing line CI reads,
 * `N passed, N failed`. No dependency beyond Node itself: it runs before `npm ci`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const QUARANTINE_FILE = path.join(ROOT, 'scripts/test/quarantine.json');
const MINUTE_MS = 60_000;

const args = process.argv.slice(2);
const CI = args.includes('--ci') || process.env.CI === 'true';
const INSTALL = args.includes('--install');
const only = args.filter((a) => !a.startsWith('--'));
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tests-'));

// ----- services ------------------------------------------------------------------------------------

const onPath = (program) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
const sh = (command) =>
  spawnSync('sh', ['-c', command], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 5 * MINUTE_MS,
  });

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port, seconds) {
  for (let i = 0; i < seconds * 2; i++) {
    if (await portOpen(port)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/**
 * What the tests need from the machine. A server is started when it is installed but not running
 * (the commands of docs/testing.md); a program is installed by its ensure script (Debian's package,
 * as root), as the journeys and the cluster test always did.
 */
const SERVICES = [
  {
    name: 'PostgreSQL',
    port: 5432,
    install: 'apt-get install -y postgresql',
    installed: () =>
      onPath('pg_ctlcluster') && fs.existsSync('/etc/postgresql') && fs.readdirSync('/etc/postgresql').length > 0,
    start: 'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start',
  },
  {
    name: 'Redis',
    port: 6379,
    install: 'apt-get install -y redis-server',
    installed: () => onPath('redis-server'),
    start: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
  },
  {
    name: 'NATS',
    port: 4222,
    install: 'apt-get install -y nats-server',
    installed: () => fs.existsSync('/usr/sbin/nats-server'),
    start:
      'mkdir -p /var/lib/nats-server && start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server',
  },
  { name: 'Chromium', install: 'apt-get install -y chromium', ensure: 'bash apps/web/e2e/ensure-chromium.sh' },
  { name: 'HAProxy', install: 'apt-get install -y haproxy', ensure: 'bash scripts/cluster/ensure-haproxy.sh' },
];

/** Starts or installs what is missing; answers the names of the services that are still missing. */
async function ensureServices(needed) {
  const missing = [];
  for (const s of SERVICES.filter((x) => needed.has(x.name))) {
    if (s.ensure) {
      if (sh(s.ensure).status !== 0) missing.push(s);
      continue;
    }
    if (await portOpen(s.port)) continue;
    if (s.installed()) {
      console.log(`starting ${s.name}`);
      sh(s.start);
      if (await waitForPort(s.port, 30)) continue;
    }
    missing.push(s);
  }
  return missing;
}

const missingLine = (s) =>
  `${s.name} is not installed or would not start: the tests that need it do not run (install: ${s.install})`;

// ----- stages --------------------------------------------------------------------------------------

const vitest = (name, projects, extra = []) => [
  'npx',
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  ...extra,
  '--reporter=default',
  '--reporter=./apps/server/test/summary-reporter.ts',
  '--reporter=json',
  `--outputFile.json=${path.join(logDir, `${name}.json`)}`,
];

/**
 * The stages in order. `needs`: services without which the stage cannot run at all; `uses`:
 * services some of its tests need (they skip, outside CI, when one is missing); `limitMin`: its
 * time limit. `tests`: the stage prints `N passed, N failed`; a stage without it counts as one check.
 */
function stages(env) {
  const serverDb = env.postgres ? { TEST_DATABASE_URL: env.postgresUrl } : { TEST_DB: 'pglite' };
  const appDb = env.postgres ? { DATABASE_URL: env.postgresUrl } : { DATABASE_URL: '' };
  return [
    { name: 'install', run: ['npm', 'ci', '--no-audit', '--no-fund'], limitMin: 10, when: INSTALL },
    // Type-check and lint run side by side: each is one process on one core.
    { name: 'typecheck', run: ['npm', 'run', '--silent', 'typecheck'], limitMin: 10, beside: 'lint' },
    { name: 'lint', run: ['npm', 'run', '--silent', 'lint'], limitMin: 10 },
    { name: 'unit', run: vitest('unit', ['unit', 'components']), limitMin: 6, tests: true },
    {
      name: 'server',
      run: vitest('server', ['server', 'server-isolated'], ['--maxWorkers=3']),
      limitMin: 20,
      tests: true,
      env: serverDb,
      uses: ['PostgreSQL', 'Redis', 'NATS'],
    },
    { name: 'pglite', run: vitest('pglite', ['pglite']), limitMin: 8, tests: true },
    {
      name: 'build',
      run: ['npm', 'run', '--silent', 'build'],
      limitMin: 6,
      when: !only.length || only.includes('journeys'),
    },
    {
      name: 'journeys',
      run: ['node', '--import', 'tsx', 'apps/web/e2e/run.ts'],
      limitMin: 25,
      tests: true,
      needs: ['Chromium'],
      uses: ['PostgreSQL'],
      env: { ...appDb, E2E_REPORT: path.join(logDir, 'journeys.json') },
    },
    {
      name: 'cluster',
      run: ['node', '--import', 'tsx', 'scripts/cluster/test.mjs'],
      limitMin: 12,
      tests: true,
      needs: ['PostgreSQL', 'Redis', 'NATS', 'HAProxy'],
    },
  ].filter((s) => (s.when ?? true) && (!only.length || only.includes(s.name) || (s.name === 'build' && s.when)));
}

/**
 * Runs one stage with its output to its log and to the console (at once, or, for a stage that runs
 * beside others, `buffered` and printed when it ends); stops it at its limit.
 */
function runStage(stage, extraEnv, buffered = false) {
  const logFile = path.join(logDir, `${stage.name}.log`);
  const log = fs.createWriteStream(logFile);
  const started = Date.now();
  const header = `\n=== ${stage.name} (limit ${stage.limitMin} min)`;
  if (!buffered) console.log(header);
  return new Promise((resolve) => {
    const child = spawn(stage.run[0], stage.run.slice(1), {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...extraEnv, ...stage.env, NO_COLOR: '1' },
    });
    const out = (chunk) => {
      if (!buffered) process.stdout.write(chunk);
      log.write(chunk);
    };
    child.stdout.on('data', out);
    child.stderr.on('data', out);
    let timedOut = false;
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 10_000).unref();
    }, stage.limitMin * MINUTE_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      kill('SIGKILL'); // whatever the stage left behind (a server, a browser)
      log.end(() => {
        if (buffered) console.log(`${header}\n${fs.readFileSync(logFile, 'utf8')}`);
        resolve({ ...stage, code, timedOut, ms: Date.now() - started, logFile });
      });
    });
  });
}

// ----- results -------------------------------------------------------------------------------------

const tail = (file, lines = 40) => fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
const minutes = (ms) => `${Math.floor(ms / MINUTE_MS)}:${String(Math.round((ms % MINUTE_MS) / 1000)).padStart(2, '0')}`;

/** A test stage's counts (its last `N passed, N failed` line) and its failed tests. */
function outcome(result) {
  const text = fs.readFileSync(result.logFile, 'utf8');
  const failures = [...text.matchAll(/^(?:FAILED: (.+)| {2}✗ (.+))$/gm)].map((m) =>
    (m[1] ?? m[2]).replace(/ \(screenshots: .*\)$/, ''),
  );
  if (!result.tests) return { passed: result.code === 0 ? 1 : 0, failed: result.code === 0 ? 0 : 1, failures };
  const counts = [...text.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  if (!counts) {
    // Stopped at its limit or crashed before its closing line: what it reported so far, and the stop.
    const why = result.timedOut
      ? `stopped at its ${result.limitMin}-minute limit`
      : `ended (exit ${result.code}) without its result line`;
    return {
      passed: (text.match(/^ {2}✓ /gm) ?? []).length,
      failed: failures.length + 1,
      failures: [...failures, `${result.name}: ${why}`],
    };
  }
  const failed = Number(counts[2]) + (result.code !== 0 && Number(counts[2]) === 0 ? 1 : 0);
  return { passed: Number(counts[1]), failed, failures };
}

/** The slowest test files of the run: vitest's per-file times, the journeys' summed per file. */
function slowestFiles(results, n = 15) {
  const rows = [];
  for (const r of results) {
    const json = path.join(logDir, `${r.name}.json`);
    if (!fs.existsSync(json)) continue;
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    for (const f of report.testResults ?? []) {
      rows.push({ ms: f.endTime - f.startTime, file: `${path.relative(ROOT, f.name)} (${r.name})` });
    }
    for (const f of report.files ?? []) rows.push({ ms: f.ms, file: `${f.file} (${r.name})` });
  }
  return rows.sort((a, b) => b.ms - a.ms).slice(0, n);
}

function readQuarantine() {
  if (!fs.existsSync(QUARANTINE_FILE)) return [];
  const list = JSON.parse(fs.readFileSync(QUARANTINE_FILE, 'utf8'));
  for (const q of list) {
    if (typeof q.test !== 'string' || typeof q.reason !== 'string' || !q.reason.trim()) {
      throw new Error(`${path.relative(ROOT, QUARANTINE_FILE)}: every entry needs a test and an open reason`);
    }
  }
  return list;
}

// ----- main ----------------------------------------------------------------------------------------

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  console.log(`tests${CI ? ' (CI)' : ''} on ${os.cpus().length} cores, load average ${load}; logs in ${logDir}`);
  const quarantine = readQuarantine();

  const needed = new Set(stages({ postgres: true }).flatMap((s) => [...(s.needs ?? []), ...(s.uses ?? [])]));
  const missing = await ensureServices(needed);
  for (const s of missing)
    console.log(
      CI ? `MISSING: ${s.name} is not running and could not be started (install: ${s.install})` : missingLine(s),
    );
  if (CI && missing.length) {
    console.log(`\n0 passed, ${missing.length} failed`);
    process.exit(1);
  }
  const isMissing = (name) => missing.some((s) => s.name === name);
  const postgresUrl = process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const all = stages({ postgres: !isMissing('PostgreSQL'), postgresUrl });
  const env = { TEST_SERVICES_MISSING: missing.map((s) => s.name).join(',') };

  const results = [];
  for (let i = 0; i < all.length; i++) {
    const stage = all[i];
    const lacking = (stage.needs ?? []).filter(isMissing);
    if (lacking.length) {
      console.log(`\n=== ${stage.name}: not run (${lacking.join(', ')} missing)`);
      results.push({ ...stage, skipped: true, ms: 0 });
      continue;
    }
    // A stage that runs beside the next one: both at once, each printed when it ends.
    const partner = stage.beside && all[i + 1]?.name === stage.beside ? all[++i] : undefined;
    const done = partner
      ? await Promise.all([runStage(stage, env, true), runStage(partner, env, true)])
      : [await runStage(stage, env)];
    for (const r of done) {
      if (r.timedOut)
        console.log(
          `\n${r.name} did not finish within its ${r.limitMin} minutes and was stopped; its last lines:\n${tail(r.logFile)}`,
        );
      else if (r.code !== 0 && !r.tests)
        console.log(`\n${r.name} failed (exit ${r.code}); its last lines:\n${tail(r.logFile)}`);
      results.push({ ...r, ...outcome(r) });
    }
    if (stage.name === 'install' && done[0].code !== 0) break;
  }

  const quarantined = (failure) => quarantine.some((q) => failure.includes(q.test));
  let passed = 0;
  let failed = 0;
  const failures = [];
  console.log(`\n=== stages (load average before: ${load})`);
  for (const r of results) {
    const own = (r.failures ?? []).filter((f) => !quarantined(f));
    // A quarantined test's failure is printed with the list, not counted; a stage that hung still fails.
    const stageFailed = Math.max(r.timedOut ? 1 : 0, (r.failed ?? 0) - ((r.failures ?? []).length - own.length));
    passed += r.passed ?? 0;
    failed += stageFailed;
    failures.push(...own.map((f) => `${r.name}: ${f}`));
    const state = r.skipped ? 'not run' : r.timedOut ? 'TIMED OUT' : stageFailed > 0 ? 'FAILED' : 'ok';
    const counts = r.tests ? `${r.passed} passed, ${r.failed} failed` : '';
    console.log(`  ${r.name.padEnd(10)} ${state.padEnd(10)} ${minutes(r.ms).padStart(6)}  ${counts}`);
  }
  const total = results.reduce((s, r) => s + r.ms, 0);
  console.log(`  ${'total'.padEnd(10)} ${''.padEnd(10)} ${minutes(total).padStart(6)}`);

  console.log('\n=== the 15 slowest test files');
  for (const f of slowestFiles(results)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}`);

  console.log(`\n=== quarantine (${path.relative(ROOT, QUARANTINE_FILE)}): ${quarantine.length ? '' : 'empty'}`);
  for (const q of quarantine) console.log(`  ${q.test}: ${q.reason}`);
  for (const s of missing) console.log(missingLine(s));

  console.log();
  for (const f of failures) console.log(`FAILED: ${f}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();

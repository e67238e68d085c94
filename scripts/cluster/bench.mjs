/**
 * npm run bench:cluster — the cluster test's load without kills, at 1 process (the baseline) and
 * at 3 processes (the subject) behind HAProxy, in one run. Per round of BENCH_SECONDS (20):
 * - money writes: BENCH_WRITERS (24) closed-loop writers of transfers through HAProxy, each with
 *   its own Idempotency-Key: throughput (acknowledged/s) and p99 latency;
 * - websocket delivery: contracts opened through HAProxy at ~BENCH_CONTRACT_RATE (5) a second,
 *   the time from the HTTP answer to the openOrders event on the user's websocket (connected to
 *   a node directly, users spread over the nodes), p99;
 * - where the time goes: CPU of each server process, of PostgreSQL (all its processes), of
 *   nats-server, of HAProxy and of this load generator, in cores; PostgreSQL's sessions of the run's
 *   database sampled every 250 ms (active, and waiting: on a lock, on I/O, ...).
 * Prints each round of both, the ratio subject/baseline per round and its min/median/max.
 * Also the whole machine's busy cores (/proc/stat): on a shared machine what the run's own
 * processes did not use was other work's. A warm-up round (BENCH_WARMUP_SECONDS, 10) is not counted.
 * Environment: BENCH_SECONDS, BENCH_ROUNDS (3), BENCH_WRITERS, BENCH_USERS (24), BENCH_CONTRACT_RATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import { buildServer, cpuSeconds, onSignals, pidsOf, sleep, startCluster } from './harness.mjs';
import { call, quantile, register, WsClient } from './load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const WRITERS = Number(process.env.BENCH_WRITERS ?? 24);
const USERS = Number(process.env.BENCH_USERS ?? 24);
const CONTRACT_RATE = Number(process.env.BENCH_CONTRACT_RATE ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const t0 = Date.now();
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);

/** The whole machine's busy and total CPU time so far (/proc/stat, in ticks). */
function machineCpu() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + f[4];
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function cpuOf(pids) {
  return pids.reduce((s, p) => {
    const c = cpuSeconds(p);
    return Number.isNaN(c) ? s : s + c;
  }, 0);
}

/** Samples pg_stat_activity of the run's database every 250 ms until stopped. */
function sampleDb(db, datname) {
  const s = { n: 0, active: 0, waiting: 0, byWait: new Map(), stop: false };
  const done = (async () => {
    while (!s.stop) {
      const { rows } = await db
        .query(
          `SELECT state, wait_event_type, wait_event FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          [datname],
        )
        .catch(() => ({ rows: [] }));
      s.n++;
      for (const r of rows) {
        if (r.state !== 'active') continue;
        s.active++;
        // A standby's session waiting for the election's advisory lock is not load.
        if (r.wait_event_type === 'Lock' && r.wait_event === 'advisory') {
          s.active--;
          continue;
        }
        if (r.wait_event_type && r.wait_event_type !== 'Client') {
          s.waiting++;
          const k = `${r.wait_event_type}:${r.wait_event}`;
          s.byWait.set(k, (s.byWait.get(k) ?? 0) + 1);
        }
      }
      await sleep(250);
    }
  })();
  return { s, done };
}

async function runConfig(nodes) {
  const cluster = await startCluster({ nodes, log });
  onSignals(cluster.stop);
  const clients = [];
  try {
    const users = [];
    for (let i = 0; i < USERS; i += 4)
      users.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(4, USERS - i) }, () => register(cluster.url, cluster.dataDir, 'bench')),
        )),
      );
    users.forEach((u, n) => {
      u.n = n;
    });
    const pending = new Map();
    const wsLatency = [];
    for (const u of users) {
      const c = new WsClient(cluster, u, u.n % nodes);
      c.onEvent = (data, at) => {
        if (data?.kind !== 'contract') return;
        const p = pending.get(data.contract?.id);
        if (p === undefined) {
          pending.set(data.contract?.id, { wsAt: at });
          return;
        }
        if (p.ackAt !== undefined) {
          wsLatency.push(Math.max(0, at - p.ackAt));
          pending.delete(data.contract.id);
        }
      };
      clients.push(c);
    }
    await Promise.all(clients.map((c) => c.start()));
    log(`${nodes} node(s): ${users.length} users, ${clients.length} websocket clients`);
    const pgPids = () => pidsOf((cmd) => cmd.startsWith('postgres'));
    const natsPids = pidsOf((cmd) => cmd.includes('nats-server'));
    const rounds = [];
    let keySeq = 0;
    for (let round = WARMUP_SECONDS > 0 ? -1 : 0; round < ROUNDS; round++) {
      const end = Date.now() + (round < 0 ? WARMUP_SECONDS : SECONDS) * 1000;
      const machine0 = machineCpu();
      const lat = [];
      let acked = 0;
      let bad = 0;
      wsLatency.length = 0;
      const nodePids = cluster.nodes.map((n) => n.child.pid);
      const pgs = pgPids();
      const cpu0 = {
        nodes: nodePids.map((p) => cpuSeconds(p)),
        pg: cpuOf(pgs),
        nats: cpuOf(natsPids),
        haproxy: cpuOf([cluster.haproxyPid()]),
        self: process.cpuUsage(),
      };
      const wall0 = Date.now();
      const sampler = sampleDb(cluster.db, cluster.run);
      const writer = async (w) => {
        const u = users[w % users.length];
        while (Date.now() < end) {
          const body =
            keySeq % 2 === 0
              ? { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '0.5' }
              : { fromAccount: 'option', toAccount: 'currency', asset: 'USDT', amount: '0.5' };
          const start = performance.now();
          const r = await call(cluster.url, 'POST', '/asset/api/account/transferAsset', {
            body,
            token: u.token,
            key: `bw-${round}-${w}-${keySeq++}`,
          }).catch(() => undefined);
          if (r?.json.code === 0) {
            acked++;
            lat.push(performance.now() - start);
          } else bad++;
        }
      };
      const contracts = async () => {
        let i = 0;
        while (Date.now() < end) {
          const u = users[i++ % users.length];
          const next = Date.now() + 1000 / CONTRACT_RATE;
          const r = await call(cluster.url, 'POST', '/transaction/api/contract/create', {
            body: { symbol: 'BTCUSDT', direction: i % 2 ? 'up' : 'down', duration: 30, amount: '10' },
            token: u.token,
            key: `bc-${round}-${i}-${keySeq++}`,
          }).catch(() => undefined);
          const ackAt = Date.now();
          if (r?.json.code === 0) {
            const id = r.json.data.id;
            const p = pending.get(id);
            if (p?.wsAt !== undefined) {
              wsLatency.push(Math.max(0, p.wsAt - ackAt));
              pending.delete(id);
            } else pending.set(id, { ackAt });
          }
          await sleep(Math.max(0, next - Date.now()));
        }
      };
      await Promise.all([...Array.from({ length: WRITERS }, (_, w) => writer(w)), contracts()]);
      await sleep(2000); // the last contracts' events
      sampler.s.stop = true;
      await sampler.done;
      const wall = (Date.now() - wall0) / 1000;
      const self = process.cpuUsage(cpu0.self);
      const undelivered = [...pending.values()].filter((p) => p.ackAt !== undefined).length;
      pending.clear();
      const machine1 = machineCpu();
      const machineBusy = ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * os.cpus().length;
      if (round < 0) {
        log(`${nodes} node(s): warm-up ${WARMUP_SECONDS} s done (${acked} transfers)`);
        continue;
      }
      lat.sort((a, b) => a - b);
      wsLatency.sort((a, b) => a - b);
      const r = {
        rps: acked / SECONDS,
        p99: quantile(lat, 0.99),
        bad,
        wsP99: quantile(wsLatency, 0.99),
        wsN: wsLatency.length,
        undelivered,
        cpu: {
          nodes: nodePids.map((p, k) => (cpuSeconds(p) - cpu0.nodes[k]) / wall),
          pg: (cpuOf(pgs) - cpu0.pg) / wall,
          nats: (cpuOf(natsPids) - cpu0.nats) / wall,
          haproxy: (cpuOf([cluster.haproxyPid()]) - cpu0.haproxy) / wall,
          bench: (self.user + self.system) / 1e6 / wall,
          machine: machineBusy,
        },
        db: {
          active: sampler.s.active / sampler.s.n,
          waiting: sampler.s.waiting / sampler.s.n,
          top: [...sampler.s.byWait.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([k, v]) => `${k} ${(v / sampler.s.n).toFixed(2)}`),
        },
      };
      rounds.push(r);
      const cores = (x) => x.toFixed(2);
      log(
        `${nodes} node(s) round ${round + 1}: transfers ${r.rps.toFixed(0)}/s p99 ${r.p99.toFixed(0)} ms (${bad} not acknowledged); ws delivery p99 ${r.wsP99} ms over ${r.wsN} events (${undelivered} not delivered); ` +
          `CPU cores: nodes ${r.cpu.nodes.map(cores).join('+')}, PostgreSQL ${cores(r.cpu.pg)}, NATS ${cores(r.cpu.nats)}, HAProxy ${cores(r.cpu.haproxy)}, load generator ${cores(r.cpu.bench)}; the whole machine ${cores(r.cpu.machine)} busy of ${os.cpus().length}; ` +
          `PostgreSQL sessions active ${r.db.active.toFixed(1)}, waiting ${r.db.waiting.toFixed(1)} (${r.db.top.join(', ') || 'no waits'})`,
      );
    }
    return rounds;
  } finally {
    for (const c of clients) c.stop();
    await cluster.stop();
  }
}

const mmm = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0].toFixed(2)}, median ${s[Math.floor(s.length / 2)].toFixed(2)}, max ${s.at(-1).toFixed(2)}`;
};

async function main() {
  buildServer();
  const base = await runConfig(1);
  const subject = await runConfig(3);
  console.log(
    `\nbench:cluster — ${ROUNDS} rounds of ${SECONDS} s, ${WRITERS} transfer writers, contracts at ${CONTRACT_RATE}/s, ${USERS} users; ${os.cpus().length} cores`,
  );
  console.log('round | transfers/s 1 → 3 (ratio) | transfer p99 ms 1 → 3 | ws delivery p99 ms 1 → 3');
  for (let i = 0; i < ROUNDS; i++) {
    const a = base[i];
    const b = subject[i];
    console.log(
      `${i + 1}     | ${a.rps.toFixed(0)} → ${b.rps.toFixed(0)} (${(b.rps / a.rps).toFixed(2)}) | ${a.p99.toFixed(0)} → ${b.p99.toFixed(0)} | ${a.wsP99} → ${b.wsP99}`,
    );
  }
  console.log(`throughput ratio 3/1: ${mmm(base.map((a, i) => subject[i].rps / a.rps))}`);
  console.log(`transfer p99 ratio 3/1: ${mmm(base.map((a, i) => subject[i].p99 / a.p99))}`);
  console.log(`ws delivery p99 ratio 3/1: ${mmm(base.map((a, i) => subject[i].wsP99 / Math.max(1, a.wsP99)))}`);
  const avg = (rs, f) => rs.reduce((s, r) => s + f(r), 0) / rs.length;
  for (const [name, rs] of [
    ['1 process', base],
    ['3 processes', subject],
  ]) {
    console.log(
      `${name}: CPU cores — server ${avg(rs, (r) => r.cpu.nodes.reduce((s, x) => s + x, 0)).toFixed(2)}, PostgreSQL ${avg(rs, (r) => r.cpu.pg).toFixed(2)}, NATS ${avg(rs, (r) => r.cpu.nats).toFixed(2)}, HAProxy ${avg(rs, (r) => r.cpu.haproxy).toFixed(2)}, load generator ${avg(rs, (r) => r.cpu.bench).toFixed(2)}, whole machine ${avg(rs, (r) => r.cpu.machine).toFixed(2)} of ${os.cpus().length}; ` +
        `PostgreSQL sessions active ${avg(rs, (r) => r.db.active).toFixed(1)}, waiting ${avg(rs, (r) => r.db.waiting).toFixed(1)}`,
    );
  }
  const bad = [...base, ...subject].reduce((s, r) => s + r.bad + r.undelivered, 0);
  console.log(
    bad
      ? `correctness: ${bad} transfers not acknowledged or contract events not delivered`
      : 'correctness: every transfer acknowledged, every contract event delivered',
  );
  process.exitCode = bad ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

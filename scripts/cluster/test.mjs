/**
 * npm run test:cluster — three server processes on PostgreSQL, NATS JetStream and Redis behind
 * HAProxy, a bounded mixed load for CLUSTER_SECONDS (180) while a driver SIGKILLs a node every
 * 10–20 s (the current engine, found by /readyz role, the first three times, then every other
 * time) and restarts it (the next kill waits until it is back); then the
 * checks of checks.mjs, each printed with its figure. Exit code 1 when any is off.
 *
 * Environment: CLUSTER_SECONDS (180), CLUSTER_NODES (3), CLUSTER_USERS (12), CLUSTER_WORKERS (6),
 * CLUSTER_KEEP_DATA (keep the data folder with the nodes' logs), CLUSTER_PG_URL, CLUSTER_BUS_URL,
 * CLUSTER_REDIS_URL (the services; defaults: 127.0.0.1).
 */
import { startDevChain } from '../../apps/web/e2e/harness/chain.ts';
import { CHAIN_ENV, checkChainMoney, prepareChainMoney, runChainMoney } from './chain-money.mjs';
import { buildServer, onSignals, sleep, startCluster, tail } from './harness.mjs';
import {
  checkEpochs,
  checkLedgerVerify,
  checkMoney,
  checkSettlements,
  checkSse,
  checkWs,
  epochLog,
} from './checks.mjs';
import { fundPasswordChange, moneyOp, register, SseClient, WsClient } from './load.mjs';

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 180);
const NODES = Number(process.env.CLUSTER_NODES ?? 3);
const USERS = Number(process.env.CLUSTER_USERS ?? 12);
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 6);
const CONTRACT_SECONDS = 30;
const t0 = Date.now();
/** The line of a crashed node's log that says why (an error's message rather than the throw site). */
const crashReason = (c) => {
  const lines = c.log.split('\n').map((l) => l.trim());
  return (
    lines.find((l) => /^(\w*Error|error):/.test(l)) ??
    lines.find((l) => /FATAL|Unhandled/.test(l)) ??
    `exit ${c.code ?? c.signal}`
  ).slice(0, 160);
};
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);

async function main() {
  buildServer();
  // A local chain (anvil, mining when asked) for a deposit during the kills.
  const chain = await startDevChain();
  let cluster;
  try {
    cluster = await startCluster({
      nodes: NODES,
      log,
      onCrash: (n) => {
        const last = n.crashes.at(-1);
        log(`${n.name} CRASHED by itself: ${crashReason(last)}; restarting it`);
        // While the cluster is still starting, the start itself fails (and says why).
        if (n.restarting || !cluster) return;
        n.restarting = true;
        void cluster
          .restart(n)
          .then(
            () => log(`${n.name} back`),
            (e) => log(`${n.name} did not come back: ${e.message.split('\n')[0]}`),
          )
          .finally(() => {
            n.restarting = false;
          });
      },
      env: CHAIN_ENV(chain),
    });
  } catch (err) {
    await chain.stop();
    throw err;
  }
  const teardown = async () => {
    await cluster.stop();
    await chain.stop();
  };
  onSignals(teardown);
  // Whatever fails, nothing of the run is left running.
  const fatal = async (err) => {
    console.error(err);
    await teardown().catch(() => undefined);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  const wsClients = [];
  const sseClients = [];
  try {
    // Users through HAProxy, four at a time.
    const users = [];
    for (let i = 0; i < USERS; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, USERS - i) }, () => register(cluster.url, cluster.dataDir, 'cluster')),
      );
      users.push(...batch);
    }
    users.forEach((u, n) => {
      u.n = n;
    });
    log(`${users.length} users registered`);
    // Clients on every node directly, before any order: each user one websocket and one SSE stream, on different nodes.
    for (const u of users) {
      wsClients.push(new WsClient(cluster, u, u.n % NODES));
      sseClients.push(new SseClient(cluster, u, (u.n + 1) % NODES));
    }
    await Promise.race([
      Promise.all([...wsClients.map((c) => c.start()), ...sseClients.map((c) => c.start())]),
      sleep(30_000),
    ]);
    log(`${wsClients.length} websocket and ${sseClients.length} SSE clients connected`);

    // A deposit a fifth into the load, then a withdrawal of part of it, through the kills.
    const chainMoney = await prepareChainMoney(cluster);
    log('chain: the depositing user and a finance operator made');
    const ops = [];
    const loadStart = Date.now();
    const loadEnd = loadStart + SECONDS * 1000;
    // Contracts opened until CONTRACT_SECONDS + 10 s before the end: all of them expire during the test.
    const lastContract = loadEnd - (CONTRACT_SECONDS + 10) * 1000;
    let counter = 0;
    const worker = async (w) => {
      while (Date.now() < loadEnd) {
        const u = users[(w + counter) % users.length];
        const i = counter++;
        const r = Math.random();
        if (r < 0.35) await moneyOp(cluster.url, u, 'transfer', i, ops);
        else if (r < 0.6) {
          if (Date.now() < lastContract)
            await moneyOp(cluster.url, u, 'contract', i, ops, { duration: CONTRACT_SECONDS });
        } else if (r < 0.75) await moneyOp(cluster.url, u, 'spot', i, ops);
        else if (r < 0.85) await moneyOp(cluster.url, u, 'otc', i, ops);
        else await fundPasswordChange(cluster.url, u);
        await sleep(100 + Math.random() * 300);
      }
    };
    const kills = [];
    const killer = async () => {
      let k = 0;
      while (Date.now() < loadEnd - 15_000) {
        await sleep(10_000 + Math.random() * 10_000);
        if (Date.now() >= loadEnd - 10_000) break;
        const alive = cluster.nodes.filter((n) => cluster.alive(n) && !n.restarting);
        if (alive.length < NODES) continue; // the last victim is still starting
        let engine;
        for (const n of alive) {
          const r = await cluster.readyz(n).catch(() => undefined);
          if (r?.body?.role === 'engine') engine = { n, epoch: r.body.epoch };
        }
        // The engine first, until it has been killed three times; then every other kill.
        const engineKills = kills.filter((x) => x.wasEngine).length;
        const wantEngine = engineKills < 3 || k % 2 === 0;
        const victim = wantEngine && engine ? engine.n : alive[Math.floor(Math.random() * alive.length)];
        const wasEngine = engine?.n === victim;
        const at = Date.now();
        await cluster.kill(victim);
        kills.push({ at, node: victim.name, wasEngine, epoch: wasEngine ? engine.epoch : undefined });
        log(`killed ${victim.name}${wasEngine ? ` (the engine, epoch ${engine.epoch})` : ''}`);
        k++;
        victim.restarting = true;
        void cluster
          .restart(victim)
          .then(
            () => log(`${victim.name} back`),
            (e) => log(`${victim.name} did not come back: ${e.message.split('\n')[0]}`),
          )
          .finally(() => {
            victim.restarting = false;
          });
      }
    };
    const miner = async () => {
      while (
        Date.now() < loadEnd + 10_000 ||
        (chainMoney.sentAt && !chainMoney.done && Date.now() < loadEnd + 60_000)
      ) {
        await sleep(2000);
        await chain.mine(1).catch(() => undefined);
      }
    };
    log(`load for ${SECONDS} s with ${WORKERS} workers, killing a node every 10-20 s`);
    await Promise.all([
      ...Array.from({ length: WORKERS }, (_, w) => worker(w)),
      killer(),
      miner(),
      runChainMoney(cluster, chain, chainMoney, {
        startAfterMs: SECONDS * 200,
        deadline: loadEnd + 60_000,
        log,
      }).finally(() => {
        chainMoney.done = true;
      }),
    ]);
    log(`load done: ${ops.length} money operations`);
    // Every node back, then the contracts still settling and the last events on their way.
    const backBy = Date.now() + 120_000;
    while (cluster.nodes.some((n) => n.restarting) && Date.now() < backBy) await sleep(500);
    const testEnd = Date.now();
    const settleBy = Date.now() + 60_000;
    for (;;) {
      const { rows } = await cluster.db.query(
        'SELECT count(*)::int AS n FROM contracts c WHERE NOT EXISTS (SELECT 1 FROM contract_settlements s WHERE s.contract_id = c.id) AND c.expires_at <= now()',
      );
      if (rows[0].n === 0 || Date.now() > settleBy) break;
      await sleep(1000);
    }
    // Order events a killed process committed but did not publish go out through the outbox relay: wait for it.
    const relayBy = Date.now() + 30_000;
    for (;;) {
      const { rows } = await cluster.db.query(
        'SELECT count(*)::int AS n FROM user_event_outbox WHERE published_at IS NULL',
      );
      if (rows[0].n === 0 || Date.now() > relayBy) {
        if (rows[0].n) log(`${rows[0].n} order events still unpublished`);
        break;
      }
      await sleep(1000);
    }
    await sleep(5000);
    for (const c of [...wsClients, ...sseClients]) c.stop();
    const clientsStopped = Date.now();

    const results = [];
    const { epochs, failovers } = await epochLog(cluster.db, kills);
    const byKind = await checkMoney(cluster.db, ops, users, results);
    await checkLedgerVerify(cluster.databaseUrl, results);
    await checkSettlements(cluster.db, users, testEnd, failovers, results, epochs, kills);
    await checkEpochs(cluster.db, epochs, results, loadStart);
    await checkWs(cluster.db, wsClients, results, clientsStopped);
    await checkSse(cluster.db, sseClients, results);
    await checkChainMoney(cluster, chain, chainMoney, results);
    const crashes = cluster.nodes.flatMap((n) => n.crashes.map((c) => ({ ...c, node: n.name })));
    results.push({
      name: 'no node exited by itself',
      ok: crashes.length === 0,
      figure: crashes.length
        ? `${crashes.length} crashes: ${crashes
            .slice(0, 3)
            .map((c) => `${c.node} at ${((c.at - t0) / 1000).toFixed(0)} s (${crashReason(c)})`)
            .join('; ')}`
        : '0 crashes',
    });
    const engineKills = kills.filter((k) => k.wasEngine).length;
    results.push({
      name: 'the engine was killed at least 3 times',
      ok: engineKills >= 3,
      figure: `${kills.length} kills, ${engineKills} of the engine`,
    });
    const fo = failovers
      .map((f) => f.ms)
      .filter((x) => x !== null)
      .sort((a, b) => a - b);
    results.push({
      name: 'a standby took over after each engine kill',
      ok: failovers.length > 0 && failovers.every((f) => f.ms !== null),
      figure: `failover (kill → next epoch started) ${fo.length ? `min ${fo[0]} ms, median ${fo[Math.floor(fo.length / 2)]} ms, max ${fo.at(-1)} ms` : 'none measured'}; ${failovers.filter((f) => f.ms === null).length} without a next epoch`,
    });

    console.log(`\ncluster test: ${NODES} nodes, ${SECONDS} s of load, ${users.length} users; acknowledged: ${byKind}`);
    for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.figure}`);
    const failed = results.filter((r) => !r.ok).length;
    console.log(`\n${results.length - failed} passed, ${failed} failed (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const c of [...wsClients, ...sseClients]) c.stop();
    if (process.exitCode && process.env.CLUSTER_KEEP_DATA === undefined) {
      for (const n of cluster.nodes) console.log(`\n--- ${n.name} log tail ---\n${tail(n.logFile, 15)}`);
    }
    await cluster.stop();
    await chain.stop();
  }
}

main().catch((err) => {
  console.error(err);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});

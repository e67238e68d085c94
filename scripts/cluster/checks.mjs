/**
 * What the cluster test checks at the end (docs/operations.md "Scaling out", issue 21), each with
 * its figure. Every check pushes { name, ok, figure } to `results`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { OPS } from './load.mjs';
import { ROOT } from './harness.mjs';

const exec = promisify(execFile);

function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Users' ids by e-mail. */
async function userIds(db, emails) {
  const { rows } = await db.query('SELECT id, email FROM users WHERE email = ANY($1)', [emails]);
  return new Map(rows.map((r) => [r.email, Number(r.id)]));
}

/**
 * Money: every acknowledged operation is in the ledger exactly once (its Idempotency-Key stored,
 * its ledger transaction of the expected kind found once by its reference); no operation left
 * half-done (an unanswered one is either wholly there, key and transaction, or wholly absent); no
 * transaction of these kinds that no stored key accounts for; a refused one left nothing.
 */
export async function checkMoney(db, ops, users, results) {
  const ids = await userIds(
    db,
    users.map((u) => u.email),
  );
  const { rows: keyRows } = await db.query(
    'SELECT user_id, key, response FROM idempotency_keys WHERE user_id = ANY($1)',
    [[...ids.values()]],
  );
  const keys = new Map(keyRows.map((r) => [`${r.user_id}:${r.key}`, r.response]));
  const kinds = [...new Set(Object.values(OPS).flatMap((o) => o.kinds))];
  const { rows: txRows } = await db.query(
    `SELECT lt.reference, lt.kind, count(*)::int AS n FROM ledger_transactions lt
     WHERE lt.kind = ANY($1) AND lt.mode = 'demo' AND EXISTS (SELECT 1 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.transaction_id = lt.id AND a.user_id = ANY($2))
     GROUP BY lt.reference, lt.kind`,
    [kinds, [...ids.values()]],
  );
  const txByRef = new Map();
  for (const r of txRows) txByRef.set(r.reference, (txByRef.get(r.reference) ?? []).concat([{ kind: r.kind, n: r.n }]));
  const counts = { acked: 0, refused: 0, unknown: 0, unknownDone: 0, unknownAbsent: 0 };
  const bad = [];
  const accounted = new Set();
  for (const op of ops) {
    counts[op.outcome]++;
    const spec = OPS[op.kind];
    const uid = ids.get(op.user);
    const stored = keys.get(`${uid}:${op.key}`);
    if (op.outcome === 'refused') {
      if (stored !== undefined) bad.push(`${op.kind} ${op.key}: refused (${op.code}) but its key is stored`);
      continue;
    }
    if (op.outcome === 'unknown') {
      if (stored === undefined) {
        counts.unknownAbsent++;
        continue;
      }
      counts.unknownDone++;
    }
    if (op.outcome === 'acked' && stored === undefined) {
      bad.push(`${op.kind} ${op.key}: acknowledged, key not stored`);
      continue;
    }
    const data = op.outcome === 'acked' ? op.data : stored;
    const ref = spec.reference(data, op.body);
    accounted.add(ref);
    const txs = (txByRef.get(ref) ?? []).filter((t) => spec.kinds.includes(t.kind));
    const n = txs.reduce((s, t) => s + t.n, 0);
    if (n !== 1)
      bad.push(`${op.kind} ${op.key} (${op.outcome}) ${ref}: ${n} ledger transactions of ${spec.kinds.join('/')}`);
  }
  const orphans = txRows.filter((r) => !accounted.has(r.reference));
  results.push({
    name: 'every acknowledged money operation is in the ledger exactly once',
    ok: bad.filter((b) => b.includes('acknowledged') || b.includes('(acked)')).length === 0 && counts.acked > 0,
    figure: `${counts.acked} acknowledged (${ops.filter((o) => o.outcome === 'acked' && o.attempts > 1).length} after a retry with the same key), ${counts.refused} refused`,
  });
  results.push({
    name: 'nothing unacknowledged is half-done',
    ok: bad.length === 0 && orphans.length === 0,
    figure: `${counts.unknown} unanswered: ${counts.unknownDone} wholly done, ${counts.unknownAbsent} wholly absent; ${orphans.length} ledger transactions no key accounts for; ${bad.length} problems${bad.length ? `: ${bad.slice(0, 5).join('; ')}` : ''}`,
  });
  const byKind = Object.keys(OPS)
    .map((k) => `${k} ${ops.filter((o) => o.kind === k && o.outcome === 'acked').length}`)
    .join(', ');
  return byKind;
}

/** `npm run ledger:verify` on the run's database. */
export async function checkLedgerVerify(databaseUrl, results) {
  try {
    const { stdout } = await exec(process.execPath, ['apps/server/dist/ops.mjs', 'ledger-verify'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      timeout: 300_000,
      maxBuffer: 1 << 24,
    });
    results.push({ name: 'ledger:verify passes', ok: true, figure: stdout.trim().split('\n').at(-1) });
  } catch (err) {
    results.push({
      name: 'ledger:verify passes',
      ok: false,
      figure: `${String(err.stderr ?? err.message)
        .trim()
        .split('\n')
        .slice(0, 6)
        .join(' | ')}`,
    });
  }
}

/** The epoch log and the engine kills: failover times (kill → next epoch's started_at). */
export async function epochLog(db, kills) {
  const { rows } = await db.query('SELECT epoch, node, started_at, ended_at FROM engine_epochs ORDER BY epoch');
  const epochs = rows.map((r) => ({
    epoch: Number(r.epoch),
    node: r.node,
    start: r.started_at.getTime(),
    end: r.ended_at?.getTime() ?? null,
  }));
  const failovers = [];
  for (const k of kills.filter((x) => x.wasEngine)) {
    const next = epochs.find((e) => e.start >= k.at - 50 && e.epoch > (k.epoch ?? -1));
    failovers.push({ ...k, next: next?.epoch, ms: next ? next.start - k.at : null });
  }
  return { epochs, failovers };
}

/** Never two engines at once: epochs strictly increase in time; an epoch's end (when written) is before the next one's start; every settlement inside its epoch. */
export async function checkEpochs(db, epochs, results, since) {
  const problems = [];
  for (let i = 1; i < epochs.length; i++) {
    const a = epochs[i - 1];
    const b = epochs[i];
    if (!(b.epoch > a.epoch && b.start > a.start))
      problems.push(`epoch ${b.epoch} starts ${b.start - a.start} ms after ${a.epoch}`);
    if (a.end !== null && a.end > b.start)
      problems.push(`epoch ${a.epoch} ended ${a.end - b.start} ms after ${b.epoch} started`);
  }
  const { rows } = await db.query('SELECT engine_epoch, settled_at FROM contract_settlements WHERE settled_at >= $1', [
    new Date(since),
  ]);
  let nullEpoch = 0;
  let outside = 0;
  const byEpoch = new Map(epochs.map((e, i) => [e.epoch, { e, next: epochs[i + 1] }]));
  for (const r of rows) {
    if (r.engine_epoch === null) {
      nullEpoch++;
      continue;
    }
    const x = byEpoch.get(Number(r.engine_epoch));
    const t = r.settled_at.getTime();
    if (!x || t < x.e.start || (x.next && t >= x.next.start)) outside++;
  }
  results.push({
    name: 'never two engines at once',
    ok: epochs.length > 0 && problems.length === 0 && nullEpoch === 0 && outside === 0,
    figure: `${epochs.length} epochs (${epochs.map((e) => `${e.epoch}:${e.node}`).join(' ')}), ${problems.length} overlaps${problems.length ? ` (${problems.slice(0, 3).join('; ')})` : ''}; ${rows.length} settlements: ${outside} outside their epoch, ${nullEpoch} without an epoch`,
  });
}

/**
 * Contracts that expired during the test: each settled exactly once, from a recorded tick (a
 * market_ticks row with the settlement's close time, price and source), within 5 s of its expiry
 * plus the failover time of any engine failover it waited through.
 */
export async function checkSettlements(db, users, testEnd, failovers, results, epochs = [], kills = []) {
  const ids = await userIds(
    db,
    users.map((u) => u.email),
  );
  // A simulated minute's candle is stored when the minute ends: wait for the last close tick's.
  const {
    rows: [last],
  } = await db.query(
    `SELECT c.symbol, date_trunc('minute', max(s.close_tick_time)) AS minute FROM contract_settlements s JOIN contracts c ON c.id = s.contract_id GROUP BY c.symbol ORDER BY 2 DESC LIMIT 1`,
  );
  if (last?.minute) {
    const by = Date.now() + 90_000;
    while (Date.now() < by) {
      const { rows } = await db.query(
        `SELECT 1 FROM market_candles WHERE symbol = $1 AND interval = '1m' AND open_time = $2`,
        [last.symbol, last.minute],
      );
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const { rows } = await db.query(
    `SELECT c.id, c.public_id, c.symbol, c.expires_at, s.settled_at, s.close_tick_time, s.close_price, s.close_source, s.settle_transaction_id,
            (SELECT count(*)::int FROM market_ticks t WHERE t.symbol = c.symbol AND t.time = s.close_tick_time AND t.price = s.close_price AND t.source = s.close_source)
            -- The simulator's ticks are not stored one by one (its seed and the stored 1m candles fix every tick):
            -- its close tick must lie within the stored 1m candle of its minute, of the same source.
            + (SELECT count(*)::int FROM market_candles k WHERE k.symbol = c.symbol AND k.interval = '1m' AND k.open_time = date_trunc('minute', s.close_tick_time)
                 AND k.source = s.close_source AND s.close_price BETWEEN k.low AND k.high) AS ticks,
            (SELECT count(*)::int FROM ledger_transactions lt WHERE lt.id = s.settle_transaction_id) AS txs
     FROM contracts c LEFT JOIN contract_settlements s ON s.contract_id = c.id
     WHERE c.user_id = ANY($1) AND c.expires_at <= $2`,
    [[...ids.values()], new Date(testEnd)],
  );
  let unsettled = 0;
  let noTick = 0;
  let noTx = 0;
  let late = 0;
  const lateness = [];
  const lateOnes = [];
  const windows = failovers.filter((f) => f.ms !== null).map((f) => ({ from: f.at, to: f.at + f.ms }));
  for (const r of rows) {
    if (!r.settled_at) {
      unsettled++;
      continue;
    }
    if (r.ticks < 1) noTick++;
    if (r.txs !== 1) noTx++;
    const exp = r.expires_at.getTime();
    const at = r.settled_at.getTime();
    const ms = at - exp;
    lateness.push(ms);
    const waited = windows.filter((w) => w.to >= exp && w.from <= at).reduce((s, w) => s + (w.to - w.from), 0);
    if (ms > 5000 + waited) {
      late++;
      // Where it fell: the last kill and the last epoch start before its settlement.
      const kill = kills.filter((k) => k.at <= at).at(-1);
      const epoch = epochs.filter((e) => e.start <= at).at(-1);
      lateOnes.push(
        `${r.public_id.slice(0, 8)} ${ms} ms (failover ${waited} ms; expired ${kill ? `${exp - kill.at} ms after the kill of ${kill.node}${kill.wasEngine ? ' (engine)' : ''}` : 'before any kill'}, ` +
          `${epoch ? `${exp - epoch.start} ms after epoch ${epoch.epoch} started` : 'no epoch'})`,
      );
    }
  }
  lateness.sort((a, b) => a - b);
  const q = (p) => (lateness.length ? lateness[Math.min(lateness.length - 1, Math.floor(lateness.length * p))] : NaN);
  results.push({
    name: 'every contract that expired during the test settled exactly once, from recorded ticks, in time',
    ok: rows.length > 0 && unsettled === 0 && noTick === 0 && noTx === 0 && late === 0,
    figure: `${rows.length} expired: ${unsettled} unsettled, ${noTick} not from a recorded tick (market_ticks, or within the stored 1m candle of a simulated minute), ${noTx} without their settling transaction, ${late} late${lateOnes.length ? ` (${lateOnes.slice(0, 3).join('; ')})` : ''}; expiry→settled median ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${lateness.at(-1) ?? NaN} ms`,
  });
}

/** Order-event keys of an openOrders event (what the client can tell apart whatever the feed's ids). */
function orderKeys(e) {
  if (!e || typeof e !== 'object') return [];
  if (e.kind === 'contract') return [`contract:${e.contract?.id}`];
  if (e.kind === 'settled') return (e.contracts ?? []).map((c) => `settled:${c.id}`);
  if (e.kind === 'spot') return [`spot:${e.order?.id}:${e.order?.status}`];
  return [`other:${canon(e)}`];
}

/**
 * Websocket clients: each received every order event addressed to its user. Expected: the user's
 * rows in user_event_outbox (the feed's source once the bus carries it); compared by content, as
 * the feed's ids are the bus's sequence. Also against the user's contracts, settlements and spot
 * orders in the database (which holds whatever the outbox does). Duplicates counted before
 * de-duplication by id.
 */
export async function checkWs(db, clients, results, stoppedAt = Date.now()) {
  const ids = await userIds(
    db,
    clients.map((c) => c.user.email),
  );
  let expected = 0;
  let missing = 0;
  let dupIds = 0;
  let withoutId = 0;
  let received = 0;
  let outboxRows = 0;
  let outboxMissing = 0;
  const examples = [];
  for (const c of clients) {
    const uid = ids.get(c.user.email);
    const got = new Set();
    const seen = new Set();
    for (const e of c.events) {
      received++;
      if (e.id === undefined) withoutId++;
      else if (seen.has(String(e.id))) {
        dupIds++;
        continue;
      } else seen.add(String(e.id));
      for (const k of orderKeys(e.data)) got.add(k);
    }
    const { rows: cs } = await db.query(
      `SELECT c.public_id, s.contract_id IS NOT NULL AS settled FROM contracts c LEFT JOIN contract_settlements s ON s.contract_id = c.id WHERE c.user_id = $1 AND c.mode = 'demo'`,
      [uid],
    );
    const want = [];
    for (const r of cs) {
      want.push(`contract:${r.public_id}`);
      if (r.settled) want.push(`settled:${r.public_id}`);
    }
    for (const k of want) {
      expected++;
      if (!got.has(k)) {
        missing++;
        if (examples.length < 3) examples.push(`${c.user.n} ${k}`);
      }
    }
    const { rows: ob } = await db.query(
      'SELECT id, event, created_at, published_at FROM user_event_outbox WHERE user_id = $1 ORDER BY id',
      [uid],
    );
    outboxRows += ob.length;
    const gotCanon = new Set(c.events.map((e) => canon(e.data)));
    for (const r of ob) {
      const ev = r.event?.event ?? r.event;
      if (!gotCanon.has(canon(ev)) && !orderKeys(ev).every((k) => got.has(k))) {
        outboxMissing++;
        // When it was written and published, against when the client stopped listening.
        if (examples.length < 6)
          examples.push(
            `outbox ${r.id} of user ${c.user.n} (${orderKeys(ev)[0]?.slice(0, 20)}): written ${stoppedAt - r.created_at.getTime()} ms before the clients stopped, ${r.published_at ? `published ${stoppedAt - r.published_at.getTime()} ms before` : 'never published'}`,
          );
      }
    }
  }
  const reconnects = clients.reduce((s, c) => s + c.reconnects, 0);
  const resyncs = clients.reduce((s, c) => s + (c.resyncs ?? 0), 0);
  const refused = clients.filter((c) => c.resumeRefused).length;
  results.push({
    name: 'every websocket client received every order event addressed to it, no duplicate',
    ok: received > 0 && missing === 0 && outboxMissing === 0 && outboxRows > 0 && withoutId === 0,
    figure:
      `${clients.length} clients, ${reconnects} reconnects to another node (${resyncs} resyncs, ${refused} refused lastEventId); ${received} events received (${withoutId} without an id, ${dupIds} repeated ids, de-duplicated); ` +
      `${expected} expected from contracts/settlements: ${missing} missing${examples.length ? ` (${examples.join(', ')})` : ''}; ${outboxRows} outbox rows: ${outboxMissing} not received`,
  });
}

/** SSE clients: each received every notice addressed to its user after its stream began (user_notifications.seq), once after de-duplication. */
export async function checkSse(db, clients, results) {
  const ids = await userIds(
    db,
    clients.map((c) => c.user.email),
  );
  let expected = 0;
  let missing = 0;
  let received = 0;
  let dups = 0;
  for (const c of clients) {
    const uid = ids.get(c.user.email);
    const first = c.events[0];
    const from = first ? Number(first.id) : 0;
    const seen = new Map();
    for (const e of c.events) {
      received++;
      seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
    }
    for (const n of seen.values()) if (n > 1) dups += n - 1;
    const { rows } = await db.query('SELECT seq FROM user_notifications WHERE user_id = $1 AND seq > $2 ORDER BY seq', [
      uid,
      from,
    ]);
    for (const r of rows) {
      expected++;
      if (!seen.has(String(r.seq))) missing++;
    }
  }
  const reconnects = clients.reduce((s, c) => s + c.reconnects, 0);
  results.push({
    name: 'every SSE client received every notice addressed to it, no duplicate',
    ok: expected > 0 && missing === 0,
    figure: `${clients.length} clients, ${reconnects} reconnects to another node; ${expected} notices expected, ${missing} missing; ${received} events with ids received, ${dups} repeats before de-duplication (allowed)`,
  });
}

import net from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import { rowsOf, type Database } from '../../db/client';
import { PollLoop } from '../../lib/worker';
import { currentEngineEpoch, engineScope, isFencedError, type EngineScope } from '../../db/engine-scope';
import { EmbeddedRole, PgElection, DEFAULT_ELECTION } from './election';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const onPostgres = inject('dbTemplate').kind === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(20);
  }
}

describe('engine role without an election (one process)', () => {
  it('is always the engine with epoch null; its work starts once ready, outside any fencing scope', async () => {
    let ready = false;
    const role = new EmbeddedRole({ node: 'solo', isReady: () => ready, log: () => log, autoStart: true });
    const seen: (number | null)[] = [];
    let stopped = false;
    role.watch({
      start: () => {
        seen.push(currentEngineEpoch());
      },
      stop: async () => {
        stopped = true;
      },
    });
    role.start();
    expect(role.status()).toEqual({ role: 'engine', epoch: null, node: 'solo' });
    await sleep(250);
    expect(seen).toEqual([]);
    ready = true;
    await until('the work starts', () => seen.length === 1);
    expect(seen).toEqual([null]);
    await role.close();
    expect(stopped).toBe(true);
  });

  it('MARKET_ENGINE=manual: the engine, but nothing starts by itself', async () => {
    const role = new EmbeddedRole({ node: 'manual', isReady: () => true, log: () => log, autoStart: false });
    let started = false;
    role.watch({
      start: () => {
        started = true;
      },
      stop: async () => undefined,
    });
    role.start();
    await sleep(300);
    expect(started).toBe(false);
    expect(role.status().role).toBe('engine');
    await role.close();
  });
});

/**
 * A TCP proxy to PostgreSQL that the test can cut: `blackhole()` keeps every socket open and
 * drops the bytes both ways (a network cut nobody notices), `destroy()` closes them (a cut that
 * resets), `heal()` forwards again. New connections while cut get the same treatment.
 */
class CuttableProxy {
  private server: net.Server | undefined;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  mode: 'forward' | 'blackhole' | 'destroy' = 'forward';
  port = 0;

  async start(target: { host: string; port: number }): Promise<void> {
    this.server = net.createServer((client) => {
      if (this.mode === 'destroy') {
        client.destroy();
        return;
      }
      const upstream = net.connect(target.port, target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      const forward = (from: net.Socket, to: net.Socket) =>
        from.on('data', (chunk) => {
          if (this.mode === 'forward') to.write(chunk);
        });
      forward(client, upstream);
      forward(upstream, client);
      const end = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', end).on('error', end);
      upstream.on('close', end).on('error', end);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  blackhole(): void {
    this.mode = 'blackhole';
  }

  destroy(): void {
    this.mode = 'destroy';
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
  }

  async close(): Promise<void> {
    this.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

describe.runIf(onPostgres)('engine role elected on PostgreSQL', () => {
  let database: Database;
  let url: string;
  const electors: PgElection[] = [];
  /** When each elector's status changed (its onChange), in this process's clock. */
  const changes: { node: string; role: string; epoch: number | null; at: number }[] = [];
  let watcher: NodeJS.Timeout | undefined;
  let maxEngines = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    // The fenced test action: one row per pass of the engine's work, with the epoch it ran under.
    await database.db.execute(
      sql`CREATE TABLE election_actions (id bigserial PRIMARY KEY, epoch bigint NOT NULL, node text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`,
    );
    // Samples every elector's status: never two engines at once, as seen from here.
    watcher = setInterval(() => {
      maxEngines = Math.max(maxEngines, electors.filter((e) => e.status().role === 'engine').length);
    }, 10);
  });

  afterEach(async () => {
    await Promise.all(electors.splice(0).map((e) => e.close()));
  });

  afterAll(async () => {
    clearInterval(watcher);
    await database?.close();
  });

  function elector(node: string, lockUrl?: string): PgElection {
    const e = new PgElection({
      node,
      url,
      ...(lockUrl ? { lockUrl } : {}),
      db: () => database.db,
      isReady: () => true,
      log: () => log,
      onChange: (s) => changes.push({ node, role: s.role, epoch: s.epoch, at: Date.now() }),
    });
    // The engine's work: a fenced action every 50 ms, recording the epoch it ran under.
    const loop = new PollLoop();
    e.watch({
      start: () =>
        loop.start(async () => {
          await database.db
            .transaction(async (tx) => {
              await tx.execute(
                sql`INSERT INTO election_actions (epoch, node) VALUES (${currentEngineEpoch()}, ${node})`,
              );
            })
            .catch((err: unknown) => {
              if (!isFencedError(err)) log.error({ err }, 'test action failed');
            });
          return 50;
        }),
      stop: () => loop.stop(),
    });
    electors.push(e);
    e.start();
    return e;
  }

  const engines = () => electors.filter((e) => e.status().role === 'engine');
  const leader = async () =>
    rowsOf(await database.db.execute(sql`SELECT epoch::int AS epoch, node FROM engine_leader WHERE id = 1`))[0]!;

  /** Every action in database time order: epochs never go back (an old engine never acts after its successor began). */
  async function expectNoOverlap(): Promise<void> {
    const rows = rowsOf(await database.db.execute(sql`SELECT epoch, node FROM election_actions ORDER BY at, id`));
    let prev = 0;
    for (const r of rows) {
      expect(Number(r.epoch)).toBeGreaterThanOrEqual(prev);
      prev = Number(r.epoch);
    }
    const epochs = rowsOf(
      await database.db.execute(sql`SELECT epoch, node, started_at FROM engine_epochs ORDER BY started_at, epoch`),
    ).map((r) => Number(r.epoch));
    expect(epochs).toEqual([...epochs].sort((a, b) => a - b));
    expect(new Set(epochs).size).toBe(epochs.length);
    // Every action's epoch was logged for the node that ran it.
    const unlogged = rowsOf(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM election_actions a LEFT JOIN engine_epochs e ON e.epoch = a.epoch AND e.node = a.node WHERE e.epoch IS NULL`,
      ),
    );
    expect(unlogged[0]!.n).toBe(0);
    expect(maxEngines).toBeLessThanOrEqual(1);
  }

  it('three electors: exactly one engine, which raised the epoch and acts under it; a clean close ends its epoch and a standby takes over', async () => {
    const before = Number((await leader()).epoch);
    elector('a');
    elector('b');
    elector('c');
    await until('an engine', () => engines().length === 1);
    await sleep(1500);
    expect(engines()).toHaveLength(1);
    const engine = engines()[0]!;
    const status = engine.status();
    expect(status.epoch).toBe(before + 1);
    expect(await leader()).toMatchObject({ epoch: before + 1, node: engine.node });
    await until(
      'the engine acts',
      async () =>
        rowsOf(await database.db.execute(sql`SELECT 1 FROM election_actions WHERE epoch = ${status.epoch}`)).length > 0,
    );
    const standbys = electors.filter((e) => e !== engine);
    expect(standbys.map((e) => e.status())).toEqual(
      standbys.map((e) => ({ role: 'standby', epoch: null, node: e.node })),
    );

    // Clean shutdown: the work stops, ended_at is written, the lock is released at once.
    electors.splice(electors.indexOf(engine), 1);
    const closedAt = Date.now();
    await engine.close();
    const ended = rowsOf(
      await database.db.execute(sql`SELECT ended_at FROM engine_epochs WHERE epoch = ${status.epoch}`),
    );
    expect(ended[0]!.ended_at).not.toBeNull();
    await until('a standby takes over', () => engines().length === 1, 10_000);
    expect(Date.now() - closedAt).toBeLessThan(5000);
    expect(engines()[0]!.status().epoch).toBe(status.epoch! + 1);
    await expectNoOverlap();
  });

  it("the engine's connection killed (pg_terminate_backend, as after kill -9): a standby takes over within 5 s with the next epoch; the deposed engine's transactions are fenced", async () => {
    elector('k1');
    await until('k1 is the engine', () => electors[0]!.status().role === 'engine');
    elector('k2');
    elector('k3');
    await sleep(500);
    const old = electors[0]!;
    const oldEpoch = old.status().epoch!;
    const killedAt = Date.now();
    const killed = rowsOf(
      await database.db.execute(
        sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = ${`engine-election ${old.node}`}`,
      ),
    );
    expect(killed).toHaveLength(1);
    await until('another engine', () => engines().some((e) => e !== old), 10_000);
    const took = Date.now() - killedAt;
    expect(took).toBeLessThan(5000);
    const successor = engines().find((e) => e !== old)!;
    expect(successor.status().epoch).toBe(oldEpoch + 1);
    expect(old.status().role).toBe('standby');

    // A deposed engine that has not noticed yet (its scope still alive): its transaction is refused by the database, nothing written.
    const stale: EngineScope = { epoch: oldEpoch, alive: true, onFenced: () => undefined };
    const count = async () =>
      Number(
        rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM election_actions WHERE node = 'stale'`))[0]!
          .n,
      );
    const attempt = engineScope.run(stale, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO election_actions (epoch, node) VALUES (${oldEpoch}, 'stale')`);
      }),
    );
    await expect(attempt).rejects.toSatisfy(isFencedError);
    expect(await count()).toBe(0);
    // Outside the role's scope (a request), transactions are not fenced.
    await database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`));
    await expectNoOverlap();
  });

  for (const cut of ['blackhole', 'destroy'] as const) {
    it(`a network cut between the engine and PostgreSQL (${cut === 'blackhole' ? 'bytes dropped, sockets open' : 'sockets reset'}): the engine steps down within the lease and a standby takes over within 5 s, with no overlap`, async () => {
      const proxy = new CuttableProxy();
      const target = new URL(url);
      await proxy.start({ host: target.hostname, port: Number(target.port || 5432) });
      try {
        const viaProxy = new URL(url);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port);
        const cutOff = elector(`cut-${cut}`, viaProxy.toString());
        await until('the proxied elector is the engine', () => cutOff.status().role === 'engine');
        const epoch = cutOff.status().epoch!;
        elector(`direct1-${cut}`);
        elector(`direct2-${cut}`);
        await sleep(800);
        const cutAt = Date.now();
        if (cut === 'blackhole') proxy.blackhole();
        else proxy.destroy();
        await until('the cut-off engine steps down', () => cutOff.status().role === 'standby', 10_000);
        const steppedDownAt = Date.now();
        await until('a standby takes over', () => engines().some((e) => e !== cutOff), 10_000);
        const tookOverAt = Date.now();
        const successor = engines().find((e) => e !== cutOff)!;
        // The lease: the cut-off engine stops acting before (or as) its successor starts.
        expect(steppedDownAt - cutAt).toBeLessThanOrEqual(DEFAULT_ELECTION.leaseMs + 500);
        const down = changes.find((c) => c.node === cutOff.node && c.role === 'standby' && c.at >= cutAt)!;
        const up = changes.find((c) => c.node === successor.node && c.role === 'engine' && c.at >= cutAt)!;
        expect(down.at).toBeLessThanOrEqual(up.at);
        expect(tookOverAt - cutAt).toBeLessThan(5000);
        expect(successor.status().epoch).toBe(epoch + 1);
        await sleep(500);
        expect(cutOff.status().role).toBe('standby');
        await expectNoOverlap();
      } finally {
        // Closing the cut-off elector must not wait on its dead link.
        await Promise.all(electors.splice(0).map((e) => e.close()));
        await proxy.close();
      }
    });
  }
});

describe.runIf(!onPostgres)('engine role on PGlite', () => {
  it('needs DATABASE_URL for the election tests (run with DATABASE_URL=postgres://…)', () => {
    expect(pg).toBeDefined();
  });
});

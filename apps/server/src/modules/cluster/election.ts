import os from 'node:os';
import type { Client as PgClient } from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../../db/client';
import { engineScope, type EngineScope, type FencedError } from '../../db/engine-scope';
import type { EngineRole, EngineRoleStatus, RoleWork } from './types';

/**
 * The engine role (docs/architecture.md "Engine role and fencing").
 *
 * - `EmbeddedRole`: one process, no election (PGlite, or MARKET_ENGINE=manual). Always the engine,
 *   epoch null; its work starts once the app is ready, or never with `autoStart: false`
 *   (MARKET_ENGINE=manual: tests drive the jobs by hand).
 * - `PgElection`: PostgreSQL with MARKET_ENGINE=timers. A dedicated connection per process tries
 *   `pg_try_advisory_lock(ENGINE_LOCK_KEY)`; the winner raises the fencing epoch (engine_leader)
 *   and logs it (engine_epochs), then starts every watched work inside `engineScope`, so every
 *   transaction of that work is fenced (db/engine-scope.ts). The holder heartbeats on its
 *   connection and steps down as soon as a heartbeat fails or stays unanswered for the lease; the
 *   server ends a silent session after ELECTION_LEASE_MS (idle_session_timeout, TCP keepalives,
 *   tcp_user_timeout), which releases the lock for a standby.
 */

/** The advisory lock key of the engine role (pg_try_advisory_lock takes one bigint). */
export const ENGINE_LOCK_KEY = 7_310_021;

export interface ElectionSettings {
  /** A standby's pause between tries for the lock (ELECTION_RETRY_MS). */
  retryMs: number;
  /** The holder's pause between heartbeats on its dedicated connection (ELECTION_HEARTBEAT_MS). */
  heartbeatMs: number;
  /**
   * The lease (ELECTION_LEASE_MS): the server ends the dedicated session after this long without
   * a query (idle_session_timeout), releasing the lock; the holder steps down when no heartbeat
   * has answered for `leaseMs - heartbeatMs`, so before the server can let a standby in.
   */
  leaseMs: number;
}

export const DEFAULT_ELECTION: ElectionSettings = { retryMs: 1000, heartbeatMs: 500, leaseMs: 2500 };

/** NODE_NAME, or host:pid. */
export function defaultNodeName(env: NodeJS.ProcessEnv = process.env): string {
  return env.NODE_NAME?.trim() || `${os.hostname()}:${process.pid}`;
}

/** Watched work: started and stopped together; a failing start or stop is logged, never thrown. */
class WorkSet {
  private readonly works: RoleWork[] = [];
  private running = false;
  private scope: EngineScope | undefined;

  constructor(private readonly log: () => FastifyBaseLogger) {}

  add(work: RoleWork): void {
    this.works.push(work);
    if (this.running) this.startOne(work);
  }

  start(scope: EngineScope | undefined): void {
    if (this.running) return;
    this.running = true;
    this.scope = scope;
    for (const w of this.works) this.startOne(w);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.scope = undefined;
    const results = await Promise.allSettled(this.works.map((w) => w.stop()));
    for (const r of results)
      if (r.status === 'rejected') this.log().error({ err: r.reason }, 'engine work failed to stop');
  }

  private startOne(work: RoleWork): void {
    const run = () => {
      try {
        void Promise.resolve(work.start()).catch((err: unknown) =>
          this.log().error({ err }, 'engine work failed to start'),
        );
      } catch (err) {
        this.log().error({ err }, 'engine work failed to start');
      }
    };
    if (this.scope) engineScope.run(this.scope, run);
    else run();
  }
}

export interface RoleOptions {
  node?: string;
  /** The database opens after the app is built (main.ts): nothing starts before this says true. */
  isReady: () => boolean;
  log: () => FastifyBaseLogger;
}

/** Something the app starts once it is ready and closes when it closes. */
export interface ManagedRole extends EngineRole {
  /** True when processes elect the engine (PostgreSQL, timers); false for the one-process role. */
  readonly elected: boolean;
  start(): void;
  close(): Promise<void>;
}

/** One process: always the engine, epoch null, as before the election existed. */
export class EmbeddedRole implements ManagedRole {
  private readonly work: WorkSet;
  private closing = false;
  readonly node: string;
  readonly elected = false;

  constructor(private readonly opts: RoleOptions & { autoStart: boolean }) {
    this.work = new WorkSet(opts.log);
    this.node = opts.node ?? defaultNodeName();
  }

  status(): EngineRoleStatus {
    return { role: 'engine', epoch: null, node: this.node };
  }

  watch(work: RoleWork): void {
    this.work.add(work);
  }

  start(): void {
    if (!this.opts.autoStart) return;
    void (async () => {
      while (!this.opts.isReady() && !this.closing) await new Promise((r) => setTimeout(r, 100));
      if (!this.closing) this.work.start(undefined);
    })();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.work.stop();
  }
}

export interface ElectionOptions extends RoleOptions {
  /** The database's URL: the dedicated connection is opened from it. */
  url: string;
  /** The pool (ctx.db), for the election's transaction and the epoch log. */
  db: () => Db;
  settings?: Partial<ElectionSettings>;
  /** Tests: the dedicated connection's URL (through a proxy) when it differs from `url`. */
  lockUrl?: string;
  /** Called at once when this process becomes the engine or stops being it. */
  onChange?: (status: EngineRoleStatus) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Rejects after `ms` (a query on a black-holed connection never answers). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The engine role elected with a PostgreSQL advisory lock on a dedicated connection, with a fencing epoch. */
export class PgElection implements ManagedRole {
  readonly node: string;
  readonly elected = true;
  private readonly settings: ElectionSettings;
  private readonly work: WorkSet;
  private client: PgClient | null = null;
  private scope: EngineScope | null = null;
  private closing = false;
  private loop: Promise<void> | null = null;
  /** Resolves the loop's current wait early (a step-down, the close). */
  private wake: (() => void) | null = null;
  private lastOkAt = 0;
  private stepping: Promise<void> | null = null;

  constructor(private readonly opts: ElectionOptions) {
    this.node = opts.node ?? defaultNodeName();
    this.settings = { ...DEFAULT_ELECTION, ...opts.settings };
    this.work = new WorkSet(opts.log);
  }

  status(): EngineRoleStatus {
    const scope = this.scope;
    return scope?.alive
      ? { role: 'engine', epoch: scope.epoch, node: this.node }
      : { role: 'standby', epoch: null, node: this.node };
  }

  watch(work: RoleWork): void {
    this.work.add(work);
  }

  start(): void {
    if (this.loop || this.closing) return;
    this.loop = this.run();
  }

  private get log(): FastifyBaseLogger {
    return this.opts.log();
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = null;
    });
  }

  private async run(): Promise<void> {
    while (!this.opts.isReady() && !this.closing) await sleep(100);
    while (!this.closing) {
      try {
        if (this.scope) {
          await this.heartbeat();
          if (this.scope) await this.pause(this.settings.heartbeatMs);
        } else {
          await this.campaign();
          if (!this.scope) await this.pause(this.settings.retryMs);
        }
      } catch (err) {
        if (this.closing) break;
        this.log.warn(
          { err, node: this.node },
          this.scope ? 'engine role: heartbeat failed, stepping down' : 'engine role: election connection failed',
        );
        await this.stepDown('connection lost');
        await this.pause(this.settings.retryMs);
      }
    }
  }

  /** The dedicated connection, opened with the server-side lease. */
  private async connection(): Promise<PgClient> {
    if (this.client) return this.client;
    const { leaseMs } = this.settings;
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.opts.lockUrl ?? this.opts.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: Math.max(500, Math.floor(leaseMs / 3)),
      connectionTimeoutMillis: leaseMs,
      application_name: `engine-election ${this.node}`.slice(0, 63),
    });
    // A lost connection also rejects the query in flight, which steps down; this keeps the process alive.
    client.on('error', (err) =>
      this.log.warn({ err: err.message, node: this.node }, 'engine role: election connection error'),
    );
    this.client = client;
    try {
      await within(client.connect(), leaseMs, 'connect');
      const idleS = Math.max(1, Math.floor(leaseMs / 3000));
      await within(
        client.query(
          `SET idle_session_timeout = ${leaseMs}; SET tcp_keepalives_idle = ${idleS}; SET tcp_keepalives_interval = ${idleS}; SET tcp_keepalives_count = 2; SET tcp_user_timeout = ${leaseMs}`,
        ),
        leaseMs,
        'session settings',
      );
    } catch (err) {
      this.dropConnection();
      throw err;
    }
    return client;
  }

  private dropConnection(): void {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // end() waits for the server's goodbye, which a black-holed link never sends: destroy the socket.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void client.end().catch(() => undefined);
  }

  private async campaign(): Promise<void> {
    // A step-down's work must have stopped before this process may win again.
    await this.stepping;
    const client = await this.connection();
    const { leaseMs } = this.settings;
    const got = await within(
      client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [ENGINE_LOCK_KEY]),
      leaseMs,
      'lock',
    );
    if (!got.rows[0]?.got || this.closing) {
      if (got.rows[0]?.got)
        await client.query('SELECT pg_advisory_unlock($1)', [ENGINE_LOCK_KEY]).catch(() => undefined);
      return;
    }
    this.lastOkAt = Date.now();
    // Raise the epoch: waits for a deposed engine's fenced transactions still open (FOR SHARE),
    // and every later one of theirs sees the new epoch.
    let epoch: number;
    try {
      epoch = await this.opts.db().transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL statement_timeout = ${sql.raw(String(Math.max(5000, leaseMs * 4)))}`);
        const r = rowsOf(
          await tx.execute(
            sql`UPDATE engine_leader SET epoch = epoch + 1, node = ${this.node}, since = now() WHERE id = 1 RETURNING epoch`,
          ),
        );
        const e = Number(r[0]!.epoch);
        await tx.execute(sql`INSERT INTO engine_epochs (epoch, node, started_at) VALUES (${e}, ${this.node}, now())`);
        return e;
      });
    } catch (err) {
      // Not the engine after all: give the lock back (the connection's end releases it too).
      this.dropConnection();
      throw err;
    }
    if (this.closing) {
      await this.endEpoch(epoch);
      this.dropConnection();
      return;
    }
    // The lock may have been lost while the epoch was raised: prove it once more before acting.
    await this.heartbeatQuery(client);
    const scope: EngineScope = { epoch, alive: true, onFenced: (err) => this.fenced(err) };
    this.scope = scope;
    this.log.info({ node: this.node, epoch }, 'engine role: elected');
    this.opts.onChange?.(this.status());
    this.work.start(scope);
    this.watchdog(scope);
  }

  private async heartbeatQuery(client: PgClient): Promise<void> {
    const { leaseMs, heartbeatMs } = this.settings;
    await within(client.query('SELECT 1'), Math.max(heartbeatMs, leaseMs - heartbeatMs), 'heartbeat');
    this.lastOkAt = Date.now();
  }

  private async heartbeat(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('no election connection');
    await this.heartbeatQuery(client);
  }

  /** Steps down when no heartbeat has answered for the lease, even while one is still waiting. */
  private watchdog(scope: EngineScope): void {
    const { leaseMs, heartbeatMs } = this.settings;
    const limit = Math.max(heartbeatMs, leaseMs - heartbeatMs);
    const timer = setInterval(
      () => {
        if (this.scope !== scope || !scope.alive) {
          clearInterval(timer);
          return;
        }
        if (Date.now() - this.lastOkAt > limit) {
          clearInterval(timer);
          this.log.warn(
            { node: this.node, epoch: scope.epoch },
            'engine role: lease expired without a heartbeat, stepping down',
          );
          void this.stepDown('lease expired');
        }
      },
      Math.max(50, Math.floor(heartbeatMs / 4)),
    );
    timer.unref();
  }

  private fenced(err: FencedError): void {
    if (!this.scope || this.scope.epoch !== err.epoch || !this.scope.alive) return;
    this.log.warn(
      { node: this.node, epoch: err.epoch, current: err.current },
      'engine role: fenced by a newer epoch, stepping down',
    );
    void this.stepDown('fenced');
  }

  /** Stops acting at once (the scope dies first: every later transaction of the work is refused), then stops the work. */
  private stepDown(reason: string): Promise<void> {
    const scope = this.scope;
    if (scope) scope.alive = false;
    this.scope = null;
    this.dropConnection();
    this.wake?.();
    if (!scope) return this.stepping ?? Promise.resolve();
    this.log.warn({ node: this.node, epoch: scope.epoch, reason }, 'engine role: standby');
    this.opts.onChange?.(this.status());
    const stepping = this.work.stop().finally(() => {
      if (this.stepping === stepping) this.stepping = null;
    });
    this.stepping = stepping;
    return stepping;
  }

  private async endEpoch(epoch: number): Promise<void> {
    await this.opts
      .db()
      .execute(sql`UPDATE engine_epochs SET ended_at = now() WHERE epoch = ${epoch} AND ended_at IS NULL`)
      .catch((err: unknown) => this.log.warn({ err, epoch }, 'engine role: could not record the end of the epoch'));
  }

  /** A clean shutdown: stop the work, record the end of the epoch, release the lock. */
  async close(): Promise<void> {
    this.closing = true;
    const scope = this.scope;
    if (scope) scope.alive = false;
    this.scope = null;
    this.wake?.();
    await this.work.stop();
    await this.stepping;
    if (scope) await this.endEpoch(scope.epoch);
    const client = this.client;
    this.client = null;
    if (client) {
      await within(client.query('SELECT pg_advisory_unlock_all()'), this.settings.leaseMs, 'unlock').catch(
        () => undefined,
      );
      await within(client.end(), this.settings.leaseMs, 'close').catch(() => {
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      });
    }
    await this.loop?.catch(() => undefined);
    // A connection the loop opened while this closed.
    this.dropConnection();
  }
}

export interface EngineRoleConfig {
  databaseUrl: string | undefined;
  engine: 'timers' | 'manual';
  node?: string | undefined;
  election: ElectionSettings;
}

/** PostgreSQL with MARKET_ENGINE=timers elects; everything else is one process's embedded role. */
export function createEngineRole(
  cfg: EngineRoleConfig,
  opts: Omit<RoleOptions, 'node'> & { db: () => Db },
): ManagedRole {
  const node = cfg.node ?? defaultNodeName();
  if (cfg.databaseUrl && cfg.engine === 'timers') {
    return new PgElection({ ...opts, node, url: cfg.databaseUrl, settings: cfg.election });
  }
  return new EmbeddedRole({ ...opts, node, autoStart: cfg.engine === 'timers' });
}

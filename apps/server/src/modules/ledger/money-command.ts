import { QUOTE_ASSET, type OrderEvent } from '@app/contract';
import { is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { queryNamed } from '../../db/prepared';
import { AppError } from '../../lib/app-error';
import { hasSqlState } from '../../lib/db-errors';
import type { IdempotencyRequest } from '../../lib/idempotency';
import { once } from './idempotency';
import { userAccount, type Mode } from './accounts';
import { OutboxPublisher, writeOutbox, type OutboxRow, type UserEventSink } from './outbox';
import { demoFunding, type LedgerService, type PostInput } from './service';

/** Sends an event to a user's open-orders feed (the market module's bus). */
export type PublishToUser = (userId: number, event: OrderEvent) => void;

/** Who asks, on which ledger, under which `Idempotency-Key`: what a money-moving request brings. */
export interface MoneyRequest {
  userId: number;
  mode: Mode;
  idempotency: IdempotencyRequest | null;
}

/** What the domain step of a money command works with, inside its one database transaction. */
export interface MoneyStep {
  tx: Tx;
  /** The time of the command (one value for every row and posting it writes). */
  now: Date;
  /** Posts one balanced ledger transaction, in the command's mode unless it names one; its id. */
  post(input: PostInputIn): Promise<number>;
  /** Posts many at once (settlement): `LedgerService.postMany`, each in its own or the command's mode. */
  postMany(inputs: PostInputIn[], options?: Parameters<LedgerService['postMany']>[2]): Promise<number[]>;
  /**
   * Posts the exact opposite of ledger transaction `id` (a correction; at most once per
   * transaction); a user's command reverses only a transaction of its own mode. The reversal's id.
   */
  reverse(id: number, memo?: string): Promise<number>;
  /** Serialises the demo ledger's funding and reset for the command's user, until the command ends. */
  lockDemo(): Promise<void>;
  /**
   * An event for a user's feed: written to the outbox with the transaction, published once it has
   * committed (never on a replay).
   */
  publish(userId: number, event: OrderEvent): void;
}

/** A posting request; engine work, which has no mode of its own, names one in every posting. */
export type PostInputIn = Omit<PostInput, 'mode'> & { mode?: Mode };

export type MoneyCommand<R> =
  /** A user's command: their demo ledger is funded on first use, their key makes it idempotent. */
  (
    | { userId: number; mode: Mode; idempotency?: IdempotencyRequest | null }
    /** Engine work (settlement, the matcher, an operator's credit): no user of its own, no mode. */
    | { userId: null; mode?: undefined; idempotency?: undefined }
  ) & {
    /** The domain step: checks, records and postings, all in the one transaction. Its answer is the command's. */
    step(m: MoneyStep): Promise<R>;
  };

/**
 * The rows a kind of `MoneyPlan` writes with its ledger transaction, built once as a statement
 * (`moneyRecords`): one or more data-modifying CTEs, comma-separated (`name AS (INSERT … SELECT …
 * FROM posted …)`, see `insertFrom`), whose values are placeholders named after the keys of `V`
 * and which take the posted transaction's id from `posted` (a relation with one column,
 * `transaction_id`: one row, none on a replay).
 */
export interface MoneyRecords<V> {
  readonly name: string;
  readonly build: (posted: SQL) => SQL;
  /** The type of the values only (never set). */
  readonly values?: V;
}

/** The rows of a kind of money command (`name`: a short identifier, unique among them). */
export const moneyRecords = <V>(name: string, build: (posted: SQL) => SQL): MoneyRecords<V> => ({ name, build });

/**
 * A user's command whose whole work is known before it runs: one ledger transaction, the
 * command's own rows written with it, and its answer (nothing in it comes from the database).
 * `MoneyCommands.single` runs it as one statement.
 */
export interface MoneyPlan<R, V> {
  /** The time of the command: of its rows, its postings and its key (`clock.now()` when it was asked). */
  now: Date;
  /** The ledger transaction, in the request's mode. */
  post: Omit<PostInput, 'mode'>;
  /** What the command answers (stored under the request's `Idempotency-Key`). */
  answer: R;
  records: MoneyRecords<V>;
  /** The values of the records' placeholders. */
  values: V;
  /** Events for users' feeds, published once it has committed (never on a replay). */
  events?: [number, OrderEvent][];
}

/**
 * The parameters of a statement built once with placeholders, from their values by name, each
 * encoded as its column (drizzle's `fillPlaceholders`, without its type checks on every call).
 */
function valuesOf(params: unknown[]): (named: Record<string, unknown>) => unknown[] {
  const slots = params.map((p) => {
    if (is(p, Placeholder)) return { name: p.name, encode: (v: unknown) => v };
    if (is(p, Param) && is(p.value, Placeholder))
      return { name: p.value.name, encode: (v: unknown) => p.encoder.mapToDriverValue(v) };
    throw new Error('a money statement has a parameter that is not a placeholder');
  });
  return (named) =>
    slots.map(({ name, encode }) => {
      if (!(name in named)) throw new Error(`no value for placeholder ${name}`);
      return encode(named[name]);
    });
}

/** What `money_post` (migrations/0013_money_post.sql) raises for a key reused with another request. */
const KEY_REUSED_SQLSTATE = 'IK001';

/**
 * The one way money moves (docs/ledger.md "The money command"): demo funding on first use → one database transaction
 * → idempotency (a replay gets the first answer and moves nothing) → the domain step, which
 * writes its records and posts to the ledger, its events go to the outbox (user_event_outbox) →
 * commit → the events to the bus (every process's websocket hubs), by their outbox ids.
 * A failure anywhere rolls everything back and publishes nothing, so money is never half-moved.
 */
export class MoneyCommands {
  /** Publishes committed outbox rows and marks them published. */
  readonly outbox: OutboxPublisher;
  /** Users whose demo ledger this process has seen funded (`ensureDemo`). */
  private readonly demoFunded = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    /** The bus (ClusterBus); a plain function (scripts, benchmarks) gets the events without ids. */
    userEvents: UserEventSink | PublishToUser,
  ) {
    const sink: UserEventSink =
      typeof userEvents === 'function'
        ? { publishUserEvent: (e) => Promise.resolve(userEvents(e.userId, e.event as OrderEvent)) }
        : userEvents;
    this.outbox = new OutboxPublisher(ctx, sink);
  }

  /** A money-moving request of a user. */
  request<R>(req: MoneyRequest, step: MoneyCommand<R>['step']): Promise<R> {
    return this.run({ userId: req.userId, mode: req.mode, idempotency: req.idempotency, step });
  }

  /**
   * A `MoneyPlan` as ONE statement, its own transaction (READ COMMITTED, as `run`'s): the
   * idempotency key, the posting and the command's rows in one round trip instead of six (BEGIN,
   * key, post, rows, key's answer, COMMIT). The same guarantees as `run`: the database function
   * `money_post` writes the key (with the answer) before it posts, so a replay, sequential or
   * concurrent, gets the first answer and moves nothing; a refusal rolls all of it back.
   */
  async single<R, V>(req: MoneyRequest, plan: MoneyPlan<R, V>): Promise<R> {
    if (req.mode === 'demo') await this.ensureDemo(req.userId);
    const statement = this.statementOf(plan.records);
    const idem = req.idempotency;
    let rows;
    try {
      rows = await queryNamed(
        this.ctx.db,
        statement.name,
        statement.text,
        statement.values({
          ...plan.values,
          money_user: req.userId,
          money_key: idem?.key ?? null,
          money_hash: idem?.requestHash ?? null,
          money_at: plan.now.toISOString(),
          money_answer: JSON.stringify(plan.answer ?? null),
          money_batch: this.ledger.batchOfOne({ ...plan.post, mode: req.mode }),
          money_events: JSON.stringify(plan.events ?? []),
        }),
      );
    } catch (err) {
      if (hasSqlState(err, KEY_REUSED_SQLSTATE)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      throw this.ledger.refusal(err);
    }
    const r = JSON.parse(String(rows[0]!.r)) as { t?: number; replay?: R };
    if ('replay' in r) return r.replay as R;
    const events = plan.events ?? [];
    if (events.length) {
      const ids = (JSON.parse(String(rows[0]!.outbox)) as number[]).sort((a, b) => a - b);
      this.outbox.publish(events.map(([userId, event], i) => ({ id: ids[i]!, userId, event })));
    }
    return plan.answer;
  }

  private readonly statements = new Map<
    string,
    { name: string; text: string; values: (named: Record<string, unknown>) => unknown[] }
  >();

  /** The statement of a kind of `MoneyPlan`, built once. */
  private statementOf(records: MoneyRecords<unknown>) {
    let statement = this.statements.get(records.name);
    if (!statement) {
      const p = (name: string) => sql.placeholder(`money_${name}`);
      const query = new PgDialect().sqlToQuery(sql`WITH
        c AS MATERIALIZED (SELECT money_post(${p('user')}::bigint, ${p('key')}::text, ${p('hash')}::text,
                                             ${p('at')}::timestamptz, ${p('answer')}::jsonb, ${p('batch')}::jsonb) AS r),
        posted AS MATERIALIZED (SELECT (r->>'t')::bigint AS transaction_id FROM c WHERE r ? 't'),
        ${records.build(sql`posted`)},
        money_outbox AS (INSERT INTO user_event_outbox (user_id, event, created_at)
          SELECT (x.e->>0)::bigint, x.e->1, ${p('at')}::timestamptz
            FROM posted, jsonb_array_elements(${p('events')}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY x.n
          RETURNING id)
        SELECT r::text AS r, (SELECT coalesce(json_agg(id), '[]')::text FROM money_outbox) AS outbox FROM c`);
      statement = { name: `money_${records.name}`, text: query.sql, values: valuesOf(query.params) };
      this.statements.set(records.name, statement);
    }
    return statement;
  }

  async run<R>(cmd: MoneyCommand<R>): Promise<R> {
    if (cmd.userId !== null && cmd.mode === 'demo') await this.ensureDemo(cmd.userId);
    const userId = cmd.userId;
    let events: [number, OrderEvent][] = [];
    let outbox: OutboxRow[] = [];
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.transaction(async (tx) => {
      events = [];
      // A user's command posts on the ledger the request named, and no other.
      const withMode = (input: PostInputIn): PostInput => {
        const mode = input.mode ?? cmd.mode;
        if (!mode) throw new Error(`${input.kind}: engine work names the mode of every posting`);
        if (cmd.mode && mode !== cmd.mode) throw new Error(`${input.kind}: a ${cmd.mode} command posted in ${mode}`);
        return { ...input, mode };
      };
      const m: MoneyStep = {
        tx,
        now,
        post: async (input) => (await this.ledger.post(tx, withMode(input))).transactionId,
        postMany: (inputs, options) => this.ledger.postMany(tx, inputs.map(withMode), options),
        reverse: async (id, memo) => (await this.ledger.reverse(tx, id, memo, cmd.mode)).transactionId,
        lockDemo: () => {
          if (userId === null) throw new Error('engine work has no demo ledger of its own');
          return this.ledger.lockDemo(tx, userId);
        },
        publish: (to, event) => void events.push([to, event]),
      };
      const answer = await (userId === null
        ? cmd.step(m)
        : once(tx, userId, cmd.idempotency ?? null, now, () => cmd.step(m)));
      outbox = await writeOutbox(tx, now, events);
      return answer;
    });
    this.outbox.publish(outbox);
    return result;
  }

  /**
   * Gives a user's demo ledger its starting money the first time it is used: 100,000 USDT in the
   * currency and in the option account, a money command of its own (engine work in demo mode). A
   * demo ledger funded before the option account was funded too (its currency account exists, its
   * option account never did) gets the option account's share once, so its owner can stake a
   * contract without a transfer first. Serialised per user, so two first requests at once fund it
   * once. Every user command in demo mode runs it first.
   */
  async ensureDemo(userId: number): Promise<void> {
    // Accounts are never deleted, so a ledger seen funded stays funded: no query after the first.
    if (this.demoFunded.has(userId)) return;
    // The option account is the last one the faucet came to fund: once it exists, nothing is due.
    const last = userAccount(userId, 'demo', 'option', QUOTE_ASSET);
    if (!(await this.ledger.hasAccount(this.ctx.db, last))) {
      await this.run({
        userId: null,
        step: async (m) => {
          await this.ledger.lockDemo(m.tx, userId);
          if (await this.ledger.hasAccount(m.tx, last)) return;
          const funded = await this.ledger.hasAccount(m.tx, userAccount(userId, 'demo', 'currency', QUOTE_ASSET));
          await m.post(demoFunding(userId, funded ? ['option'] : undefined));
        },
      });
    }
    this.demoFunded.add(userId);
  }
}

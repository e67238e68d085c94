import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { CandleInterval } from '@app/contract';
import type { DbOrTx } from '../../db/client';
import type { Agg } from './candles';
import { marketCandles, marketFavorites, marketSimState, marketTicks } from '../../db/schema-market';

/** A candle in integer units (see schema-market.ts). */
export interface CandleRow extends Agg {
  symbol: string;
  interval: CandleInterval;
  source: string;
  genRef: number | null;
  genVersion: number | null;
}

export interface TickRow {
  symbol: string;
  time: number;
  seq: number;
  price: number;
  amount: number;
  bid: number | null;
  ask: number | null;
  source: string;
  externalId: string | null;
}

/**
 * A PostgreSQL array literal passed as ONE parameter. Bulk writes send each column as an array
 * and `unnest` them: one statement and one round trip per few thousand rows, on PGlite and
 * PostgreSQL alike (drizzle would expand a JS array into one parameter per element).
 */
function arr(values: readonly (string | number | bigint | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/["\\]/g, '\\$&')}"` : String(v))).join(',')}}`;
}

/** SQL for the bucket of a 1m open time in each higher interval: UTC multiples; weeks from Monday 1970-01-05. */
const BUCKETS_SQL = sql.raw(`(VALUES ('5m', interval '5 minutes', timestamptz '1970-01-01 00:00:00+00'),
  ('15m', interval '15 minutes', timestamptz '1970-01-01 00:00:00+00'), ('30m', interval '30 minutes', timestamptz '1970-01-01 00:00:00+00'),
  ('1h', interval '1 hour', timestamptz '1970-01-01 00:00:00+00'), ('4h', interval '4 hours', timestamptz '1970-01-01 00:00:00+00'),
  ('1d', interval '1 day', timestamptz '1970-01-01 00:00:00+00'), ('1w', interval '7 days', timestamptz '1970-01-05 00:00:00+00')) AS b(interval, step, origin)`);

type Raw = Record<string, unknown>;
const rowsOf = (r: unknown): Raw[] => (r as { rows: Raw[] }).rows;
const num = (v: unknown) => Number(v);
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

function toCandle(r: typeof marketCandles.$inferSelect): CandleRow {
  return {
    symbol: r.symbol,
    interval: r.interval as CandleInterval,
    openTime: r.openTime.getTime(),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: r.volume,
    quoteVolume: r.quoteVolume,
    trades: r.trades,
    source: r.source,
    genRef: r.genRef,
    genVersion: r.genVersion,
  };
}

function candleColumns(rows: readonly CandleRow[]) {
  return sql`unnest(${arr(rows.map((r) => r.symbol))}::text[], ${arr(rows.map((r) => r.interval))}::text[],
    ${arr(rows.map((r) => r.openTime))}::bigint[], ${arr(rows.map((r) => r.open))}::bigint[], ${arr(rows.map((r) => r.high))}::bigint[],
    ${arr(rows.map((r) => r.low))}::bigint[], ${arr(rows.map((r) => r.close))}::bigint[], ${arr(rows.map((r) => r.volume))}::bigint[],
    ${arr(rows.map((r) => r.quoteVolume))}::numeric[], ${arr(rows.map((r) => r.trades))}::int[], ${arr(rows.map((r) => r.source))}::text[],
    ${arr(rows.map((r) => r.genRef))}::bigint[], ${arr(rows.map((r) => r.genVersion))}::int[])
    AS u(symbol, interval, open_ms, open, high, low, close, volume, quote_volume, trades, source, gen_ref, gen_version)`;
}

export const marketRepo = {
  /**
   * Inserts candles as they are (backfill chunks). An existing row is kept, or with `replace`
   * overwritten: a resumed backfill rolls whole buckets up again and replaces its partial ones.
   */
  async insertCandles(db: DbOrTx, rows: readonly CandleRow[], replace = false): Promise<void> {
    if (rows.length === 0) return;
    const conflict = replace
      ? sql`ON CONFLICT (symbol, interval, open_time) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
          close = EXCLUDED.close, volume = EXCLUDED.volume, quote_volume = EXCLUDED.quote_volume, trades = EXCLUDED.trades, source = EXCLUDED.source`
      : sql`ON CONFLICT DO NOTHING`;
    await db.execute(sql`INSERT INTO market_candles (symbol, interval, open_time, open, high, low, close, volume, quote_volume, trades, source, gen_ref, gen_version)
      SELECT symbol, interval, (timestamptz 'epoch' + open_ms * interval '1 millisecond'), open, high, low, close, volume, quote_volume, trades, source, gen_ref, gen_version
      FROM ${candleColumns(rows)} ${conflict}`);
  },

  /**
   * Stores finished minutes and merges each into its higher-interval buckets, in one statement:
   * a minute already stored is skipped and not merged twice. Several minutes of one symbol may
   * come together (a pump that catches up after a stall, minutes held back during the first
   * start's backfill): they are merged per bucket first, as an upsert may touch a row only once.
   */
  async closeMinutes(db: DbOrTx, rows: readonly CandleRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`WITH fresh AS (
        INSERT INTO market_candles (symbol, interval, open_time, open, high, low, close, volume, quote_volume, trades, source, gen_ref, gen_version)
        SELECT symbol, interval, (timestamptz 'epoch' + open_ms * interval '1 millisecond'), open, high, low, close, volume, quote_volume, trades, source, gen_ref, gen_version
        FROM ${candleColumns(rows)} ON CONFLICT DO NOTHING
        RETURNING symbol, open_time, open, high, low, close, volume, quote_volume, trades, source),
      merged AS (
        SELECT f.symbol, b.interval, date_bin(b.step, f.open_time, b.origin) AS open_time,
          (array_agg(f.open ORDER BY f.open_time))[1] AS open, max(f.high) AS high, min(f.low) AS low,
          (array_agg(f.close ORDER BY f.open_time DESC))[1] AS close, sum(f.volume) AS volume, sum(f.quote_volume) AS quote_volume,
          sum(f.trades) AS trades, (array_agg(f.source ORDER BY f.open_time DESC))[1] AS source
        FROM fresh f CROSS JOIN ${BUCKETS_SQL}
        GROUP BY f.symbol, b.interval, date_bin(b.step, f.open_time, b.origin))
      INSERT INTO market_candles (symbol, interval, open_time, open, high, low, close, volume, quote_volume, trades, source)
      SELECT symbol, interval, open_time, open, high, low, close, volume, quote_volume, trades, source FROM merged
      ON CONFLICT (symbol, interval, open_time) DO UPDATE SET
        high = GREATEST(market_candles.high, EXCLUDED.high), low = LEAST(market_candles.low, EXCLUDED.low), close = EXCLUDED.close,
        volume = market_candles.volume + EXCLUDED.volume, quote_volume = market_candles.quote_volume + EXCLUDED.quote_volume,
        trades = market_candles.trades + EXCLUDED.trades, source = EXCLUDED.source`);
  },

  async candles(
    db: DbOrTx,
    symbol: string,
    interval: CandleInterval,
    fromMs: number,
    toMs: number,
    limit: number,
  ): Promise<CandleRow[]> {
    const rows = await db
      .select()
      .from(marketCandles)
      .where(
        and(
          eq(marketCandles.symbol, symbol),
          eq(marketCandles.interval, interval),
          gte(marketCandles.openTime, new Date(fromMs)),
          lte(marketCandles.openTime, new Date(toMs)),
        ),
      )
      .orderBy(desc(marketCandles.openTime))
      .limit(limit);
    return rows.reverse().map(toCandle);
  },

  /** The candle of each (symbol, interval) bucket asked for (the live buckets after a restart). */
  async candlesAt(
    db: DbOrTx,
    keys: readonly { symbol: string; interval: CandleInterval; openTime: number }[],
  ): Promise<CandleRow[]> {
    if (keys.length === 0) return [];
    const res =
      await db.execute(sql`SELECT c.* FROM market_candles c JOIN unnest(${arr(keys.map((k) => k.symbol))}::text[],
      ${arr(keys.map((k) => k.interval))}::text[], ${arr(keys.map((k) => k.openTime))}::bigint[]) AS k(symbol, interval, open_ms)
      ON c.symbol = k.symbol AND c.interval = k.interval AND c.open_time = (timestamptz 'epoch' + k.open_ms * interval '1 millisecond')`);
    return rowsOf(res).map(rawCandle);
  },

  /**
   * Every 1m candle of `symbols` since `fromMs`, oldest first per symbol (the 24 h statistics at
   * start: about 85,000 minutes). Per symbol, so each is a range of the primary key, not a scan
   * of the whole table; and as one text per symbol, not a row per minute: on PGlite, decoding
   * 65,000 rows of 13 columns took 3 s of the start (its protocol and type parsing run in
   * JavaScript), splitting the same figures from 59 texts takes a tenth of that.
   */
  async minuteAggsSince(db: DbOrTx, symbols: readonly string[], fromMs: number): Promise<Map<string, Agg[]>> {
    const out = new Map<string, Agg[]>();
    if (symbols.length === 0) return out;
    const res = await db.execute(sql`SELECT s.symbol, c.minutes FROM unnest(${arr(symbols)}::text[]) AS s(symbol)
      CROSS JOIN LATERAL (SELECT string_agg(concat_ws(',', (extract(epoch FROM m.open_time) * 1000)::bigint, m.open, m.high, m.low, m.close,
          m.volume, m.quote_volume, m.trades), ';' ORDER BY m.open_time) AS minutes
        FROM market_candles m WHERE m.symbol = s.symbol AND m.interval = '1m' AND m.open_time >= ${new Date(fromMs)}) c`);
    for (const r of rowsOf(res)) {
      if (r.minutes === null || r.minutes === undefined) continue;
      out.set(
        String(r.symbol),
        String(r.minutes)
          .split(';')
          .map((m) => {
            const [openTime, open, high, low, close, volume, quoteVolume, trades] = m.split(',') as [
              string,
              string,
              string,
              string,
              string,
              string,
              string,
              string,
            ];
            return {
              openTime: Number(openTime),
              open: Number(open),
              high: Number(high),
              low: Number(low),
              close: Number(close),
              volume: BigInt(volume),
              quoteVolume: BigInt(quoteVolume),
              trades: Number(trades),
            };
          }),
      );
    }
    return out;
  },

  /** The newest 1m candle of each symbol opening before `beforeMs` (and from `source`, if given). */
  async lastMinutesBefore(
    db: DbOrTx,
    symbols: readonly string[],
    beforeMs: number,
    source?: string,
  ): Promise<CandleRow[]> {
    if (symbols.length === 0) return [];
    const res = await db.execute(sql`SELECT c.* FROM unnest(${arr(symbols)}::text[]) AS s(symbol)
      CROSS JOIN LATERAL (SELECT * FROM market_candles m WHERE m.symbol = s.symbol AND m.interval = '1m' AND m.open_time < ${new Date(beforeMs)}
        ${source ? sql`AND m.source = ${source}` : sql``} ORDER BY m.open_time DESC LIMIT 1) c`);
    return rowsOf(res).map(rawCandle);
  },

  /**
   * The newest 1m candle of `symbol` from `source` opening at or before `minuteMs` (strictly
   * before with `before`); with `after`, the oldest one opening after it instead.
   */
  async minuteAtOrBefore(
    db: DbOrTx,
    symbol: string,
    source: string,
    minuteMs: number,
    before = false,
    after = false,
  ): Promise<CandleRow | undefined> {
    const bound = after
      ? sql`${marketCandles.openTime} > ${new Date(minuteMs)}`
      : before
        ? sql`${marketCandles.openTime} < ${new Date(minuteMs)}`
        : lte(marketCandles.openTime, new Date(minuteMs));
    const [row] = await db
      .select()
      .from(marketCandles)
      .where(
        and(
          eq(marketCandles.symbol, symbol),
          eq(marketCandles.interval, '1m'),
          eq(marketCandles.source, source),
          bound,
        ),
      )
      .orderBy(after ? asc(marketCandles.openTime) : desc(marketCandles.openTime))
      .limit(1);
    return row ? toCandle(row) : undefined;
  },

  async minute(db: DbOrTx, symbol: string, minuteMs: number): Promise<CandleRow | undefined> {
    const [row] = await db
      .select()
      .from(marketCandles)
      .where(
        and(
          eq(marketCandles.symbol, symbol),
          eq(marketCandles.interval, '1m'),
          eq(marketCandles.openTime, new Date(minuteMs)),
        ),
      );
    return row ? toCandle(row) : undefined;
  },

  async insertTicks(db: DbOrTx, ticks: readonly TickRow[]): Promise<void> {
    if (ticks.length === 0) return;
    await db.execute(sql`INSERT INTO market_ticks (symbol, time, seq, price, amount, bid, ask, source, external_id)
      SELECT symbol, (timestamptz 'epoch' + time_ms * interval '1 millisecond'), seq, price, amount, bid, ask, source, external_id
      FROM unnest(${arr(ticks.map((t) => t.symbol))}::text[], ${arr(ticks.map((t) => t.time))}::bigint[], ${arr(ticks.map((t) => t.seq))}::int[],
        ${arr(ticks.map((t) => t.price))}::bigint[], ${arr(ticks.map((t) => t.amount))}::bigint[], ${arr(ticks.map((t) => t.bid))}::bigint[],
        ${arr(ticks.map((t) => t.ask))}::bigint[], ${arr(ticks.map((t) => t.source))}::text[], ${arr(ticks.map((t) => t.externalId))}::text[])
        AS u(symbol, time_ms, seq, price, amount, bid, ask, source, external_id)
      ON CONFLICT DO NOTHING`);
  },

  async tickAtOrBefore(db: DbOrTx, symbol: string, atMs: number): Promise<TickRow | undefined> {
    const [r] = await db
      .select()
      .from(marketTicks)
      .where(and(eq(marketTicks.symbol, symbol), lte(marketTicks.time, new Date(atMs))))
      .orderBy(desc(marketTicks.time), desc(marketTicks.seq))
      .limit(1);
    return r
      ? {
          symbol: r.symbol,
          time: r.time.getTime(),
          seq: r.seq,
          price: Number(r.price),
          amount: Number(r.amount),
          bid: r.bid === null ? null : Number(r.bid),
          ask: r.ask === null ? null : Number(r.ask),
          source: r.source,
          externalId: r.externalId,
        }
      : undefined;
  },

  /** Ticks of one symbol in [fromMs, toMs), in order (completes a minute after a crash). */
  async ticksBetween(db: DbOrTx, symbol: string, fromMs: number, toMs: number, limit: number): Promise<TickRow[]> {
    const rows = await db
      .select()
      .from(marketTicks)
      .where(
        and(
          eq(marketTicks.symbol, symbol),
          gte(marketTicks.time, new Date(fromMs)),
          sql`${marketTicks.time} < ${new Date(toMs)}`,
        ),
      )
      .orderBy(asc(marketTicks.time), asc(marketTicks.seq))
      .limit(limit);
    return rows.map((r) => ({
      symbol: r.symbol,
      time: r.time.getTime(),
      seq: r.seq,
      price: Number(r.price),
      amount: Number(r.amount),
      bid: r.bid === null ? null : Number(r.bid),
      ask: r.ask === null ? null : Number(r.ask),
      source: r.source,
      externalId: r.externalId,
    }));
  },

  /** Retention: drops raw ticks older than `beforeMs`, at most `limit` per call (short transactions). */
  async deleteTicksBefore(db: DbOrTx, beforeMs: number, limit: number): Promise<number> {
    const res = await db.execute(sql`DELETE FROM market_ticks WHERE ctid IN (
      SELECT ctid FROM market_ticks WHERE time < ${new Date(beforeMs)} LIMIT ${limit})`);
    return (
      (res as { rowCount?: number; affectedRows?: number }).rowCount ??
      (res as { affectedRows?: number }).affectedRows ??
      0
    );
  },

  /** Fresh planner statistics of the candles (after a bulk load). */
  async analyzeCandles(db: DbOrTx): Promise<void> {
    await db.execute(sql`ANALYZE market_candles`);
  },

  async simState(db: DbOrTx) {
    const [row] = await db.select().from(marketSimState).where(eq(marketSimState.id, 1));
    return row;
  },

  /** Creates the simulator's state once; a concurrent creator's row wins and is returned. */
  async createSimState(db: DbOrTx, seed: number, startedAt: Date) {
    await db.insert(marketSimState).values({ id: 1, seed, startedAt }).onConflictDoNothing();
    return (await this.simState(db))!;
  },

  async updateSimState(db: DbOrTx, patch: Partial<{ backfillDoneAt: Date; liveMinute: Date }>): Promise<void> {
    await db.update(marketSimState).set(patch).where(eq(marketSimState.id, 1));
  },

  async favorites(db: DbOrTx, userId: number): Promise<string[]> {
    const rows = await db
      .select({ symbol: marketFavorites.symbol })
      .from(marketFavorites)
      .where(eq(marketFavorites.userId, userId))
      .orderBy(asc(marketFavorites.seq));
    return rows.map((r) => r.symbol);
  },

  async isFavorite(db: DbOrTx, userId: number, symbol: string): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(marketFavorites)
      .where(and(eq(marketFavorites.userId, userId), eq(marketFavorites.symbol, symbol)));
    return (row?.n ?? 0) > 0;
  },

  async countFavorites(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(marketFavorites).where(eq(marketFavorites.userId, userId));
    return row?.n ?? 0;
  },

  async insertFavorite(db: DbOrTx, userId: number, symbol: string, at: Date): Promise<void> {
    await db.insert(marketFavorites).values({ userId, symbol, createdAt: at }).onConflictDoNothing();
  },

  async deleteFavorite(db: DbOrTx, userId: number, symbol: string): Promise<void> {
    await db.delete(marketFavorites).where(and(eq(marketFavorites.userId, userId), eq(marketFavorites.symbol, symbol)));
  },
};

function rawCandle(r: Raw): CandleRow {
  return {
    symbol: String(r.symbol),
    interval: String(r.interval) as CandleInterval,
    openTime: ms(r.open_time),
    open: num(r.open),
    high: num(r.high),
    low: num(r.low),
    close: num(r.close),
    volume: BigInt(String(r.volume)),
    quoteVolume: BigInt(String(r.quote_volume)),
    trades: num(r.trades),
    source: String(r.source),
    genRef: r.gen_ref === null || r.gen_ref === undefined ? null : num(r.gen_ref),
    genVersion: r.gen_version === null || r.gen_version === undefined ? null : num(r.gen_version),
  };
}

/**
 * Tables of the market-data module (docs/market-data.md). Prices are integers of the
 * instrument's price unit (10^-priceDecimals), amounts integers of its amount unit
 * (10^-amountDecimals): exact, compact, and the same rule as the ledger's minor units.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const units = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * Candles of every interval (1m ... 1w), one row per symbol, interval and open time. The 1m rows
 * are written when their minute ends; each higher interval's row is the merge of its 1m rows,
 * updated in the same transaction. A simulator 1m row also holds `gen_ref`, the generator's state
 * at the start of the minute: with the seed it regenerates every tick of that minute exactly.
 */
export const marketCandles = pgTable(
  'market_candles',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    openTime: ts('open_time').notNull(),
    open: units('open').notNull(),
    high: units('high').notNull(),
    low: units('low').notNull(),
    close: units('close').notNull(),
    /** Sum of tick amounts, in amount units. */
    volume: units('volume').notNull(),
    /** Sum of price × amount, in units of 10^-(priceDecimals + amountDecimals); NUMERIC as it can pass int64. */
    quoteVolume: numeric('quote_volume', { precision: 38, scale: 0, mode: 'bigint' }).notNull(),
    trades: integer('trades').notNull(),
    /** 'simulator' or 'binance' (what made the ticks). */
    source: text('source').notNull(),
    /** Simulator 1m rows only: generator state at the minute's start, in 10^-4 price units. */
    genRef: bigint('gen_ref', { mode: 'number' }),
    /** Simulator 1m rows only: generator version that made the minute. */
    genVersion: integer('gen_version'),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.interval, t.openTime] }),
    check('market_candles_interval', sql`${t.interval} IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w')`),
    check(
      'market_candles_prices',
      sql`${t.low} <= ${t.open} AND ${t.low} <= ${t.close} AND ${t.high} >= ${t.open} AND ${t.high} >= ${t.close} AND ${t.low} > 0`,
    ),
  ],
);

/**
 * Ticks that cannot be regenerated (real feeds), written in bulk once a second and kept for
 * MARKET_TICK_RETENTION_DAYS. `seq` orders ticks of one symbol within a millisecond.
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    symbol: text('symbol').notNull(),
    time: ts('time').notNull(),
    seq: integer('seq').notNull(),
    price: units('price').notNull(),
    amount: units('amount').notNull(),
    /** Best bid and ask when the tick happened, if the feed gave them. */
    bid: units('bid'),
    ask: units('ask'),
    source: text('source').notNull(),
    /** The feed's own id of the trade (Binance trade id), for audits against the exchange. */
    externalId: text('external_id'),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time, t.seq] }), index('market_ticks_time').on(t.time)],
);

/** The simulator's identity: its seed and where its series started. One row. */
export const marketSimState = pgTable('market_sim_state', {
  id: integer('id').primaryKey(),
  /** 32-bit unsigned seed; with the generator version and the stored 1m candles it fixes every tick. */
  seed: bigint('seed', { mode: 'number' }).notNull(),
  /** Start of the generated history (the backfill). */
  startedAt: ts('started_at').notNull(),
  /** Set when the backfill is fully stored. */
  backfillDoneAt: ts('backfill_done_at'),
  /** The minute the engine was generating last (crash recovery completes it). */
  liveMinute: ts('live_minute'),
});

/** A user's favourite symbols (docs/product.md §7 "Favourites"). */
export const marketFavorites = pgTable(
  'market_favorites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    /** Orders a user's list as added (two adds can share a millisecond). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

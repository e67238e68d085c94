/**
 * Migration 0032_price_ticks (decision 0140): an installation that stored prices in the display
 * decimals of docs/product.md §9 keeps its history, its open orders and its settled contracts, now
 * in each instrument's tick. Rows are written in the old units, as the old code wrote them, into a
 * database of this run's schema (0032 changes no schema: it only moves data), then the migration's
 * own statements run over them, as drizzle runs them on an existing installation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, rowsOf, type Database } from '../../db/client';
import { generateMinute, minuteCandle, simParamsOf } from './simulator';
import { openTestDatabase } from '../../../test/harness';

const TAG = '0032_price_ticks';
const MINUTE = 29_920_000;
const at = (minute: number) => new Date(minute * 60_000).toISOString();

describe(`migration ${TAG}`, () => {
  let database: Database;
  const q = async <T>(text: string) => rowsOf(await database.db.execute(sql.raw(text))) as T[];
  const run = async (text: string) => {
    for (const statement of text.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));
  };

  // EOS's minute as version 1 of the generator made it: prices in 0.1 USDT (its §9 display decimals).
  const eos = simParamsOf('EOSUSDT');
  const v1 = generateMinute(7, eos, MINUTE, eos.ref, 1);
  const inTicks = minuteCandle(v1); // version 1 regenerated today: in 0.0001 ticks
  const old = {
    open: inTicks.open / 1000,
    high: inTicks.high / 1000,
    low: inTicks.low / 1000,
    close: inTicks.close / 1000,
    quoteVolume: inTicks.quoteVolume / 1000n,
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.map((e) => e.tag)).toContain(TAG);
    const [user] = await q<{ id: number }>(`
      INSERT INTO users (uid, email, password_hash, nickname, invitation_code, created_at, updated_at)
        VALUES ('10000001', 'old@example.com', 'x', 'old', 'INV001', now(), now()) RETURNING id`);
    const userId = user!.id;
    await run(
      `
      INSERT INTO market_candles (symbol, interval, open_time, open, high, low, close, volume, quote_volume, trades, source, gen_ref, gen_version) VALUES
        ('EOSUSDT', '1m', '${at(MINUTE)}', ${old.open}, ${old.high}, ${old.low}, ${old.close}, ${inTicks.volume}, ${old.quoteVolume}, ${inTicks.trades}, 'simulator', ${v1.startState}, 1),
        ('EOSUSDT', '1h', '${at(MINUTE - (MINUTE % 60))}', 5, 6, 4, 5, 900, 4500, 40, 'simulator', NULL, NULL),
        ('DOTUSDT', '1m', '${at(MINUTE)}', 280, 281, 279, 280, 100, 28000, 3, 'simulator', 28000000, 1),
        ('BCHUSDT', '1m', '${at(MINUTE)}', 5200, 5201, 5199, 5200, 100, 520000, 3, 'simulator', 520000000, 1),
        ('BTCUSDT', '1m', '${at(MINUTE)}', 9500000, 9500100, 9499900, 9500050, 1000, 9500000000, 3, 'simulator', 95000000000, 1);
      INSERT INTO market_ticks (symbol, time, seq, price, amount, bid, ask, source, external_id) VALUES
        ('EOSUSDT', '${at(MINUTE)}', 0, 5, 10, 4, 6, 'binance', '1'),
        ('SUSHIUSDT', '${at(MINUTE)}', 0, 450, 10, NULL, NULL, 'binance', '2'),
        ('ETHUSDT', '${at(MINUTE)}', 0, 310000, 10, 309999, 310001, 'binance', '3');
      INSERT INTO contracts (user_id, mode, market, symbol, direction, duration_seconds, payout_bps, asset, stake, open_time, expires_at, open_tick_time, open_price, open_source) VALUES
        (${userId}, 'real', 'CRYPTO', 'EOSUSDT', 'up', 60, 8500, 'USDT', 10000000, now(), now(), now(), 5, 'simulator'),
        (${userId}, 'real', 'CRYPTO', 'BTCUSDT', 'down', 60, 8500, 'USDT', 10000000, now(), now(), now(), 9500000, 'simulator');
      INSERT INTO contract_settlements (contract_id, result, payout, close_tick_time, close_price, close_source, settled_at, settle_transaction_id) VALUES
        ((SELECT min(id) FROM contracts), 'win', 18500000, now(), 6, 'simulator', now(), 1),
        ((SELECT max(id) FROM contracts), 'tie', 10000000, now(), 9500000, 'simulator', now(), 2);
      INSERT INTO spot_orders (user_id, mode, symbol, side, type, status, price, amount, reserved_asset, reserved, fill_price, fee_bps, created_at) VALUES
        (${userId}, 'real', 'EOSUSDT', 'buy', 'limit', 'open', 6, 100000, 'USDT', 6006000, NULL, 10, now()),
        (${userId}, 'real', 'OMGUSDT', 'sell', 'market', 'filled', NULL, 1000000000000000000, NULL, 0, 150, 10, now()),
        (${userId}, 'real', 'BTCUSDT', 'buy', 'limit', 'filled', 9500000, 100000, NULL, 0, 9499000, 10, now());
    `.replace(/;\n(?=\s+INSERT)/g, ';--> statement-breakpoint\n'),
    );
    await run(fs.readFileSync(path.join(MIGRATIONS_DIR, `${TAG}.sql`), 'utf8'));
  });
  afterAll(() => database?.close());

  it('scales stored candles to the tick, and a version 1 minute still regenerates to its candle', async () => {
    const rows = await q<Record<string, string | number | null>>(
      `SELECT symbol, interval, open::text, high::text, low::text, close::text, quote_volume::text, volume::text, gen_ref::text, gen_version
       FROM market_candles ORDER BY symbol, interval`,
    );
    const eosMinute = rows.find((r) => r.symbol === 'EOSUSDT' && r.interval === '1m')!;
    // The old 0.5 is 5000 ticks of 0.0001: exactly what regenerating the stored state with version 1 gives.
    expect(eosMinute).toMatchObject({
      open: String(inTicks.open),
      high: String(inTicks.high),
      low: String(inTicks.low),
      close: String(inTicks.close),
      quote_volume: String(inTicks.quoteVolume),
      volume: String(inTicks.volume),
      gen_ref: String(v1.startState),
      gen_version: 1,
    });
    expect(inTicks.open).toBe(5000);
    expect(rows.map((r) => [r.symbol, r.interval, r.open, r.high, r.low, r.close, r.quote_volume])).toEqual([
      ['BCHUSDT', '1m', '52000', '52010', '51990', '52000', '5200000'],
      ['BTCUSDT', '1m', '9500000', '9500100', '9499900', '9500050', '9500000000'],
      ['DOTUSDT', '1m', '2800', '2810', '2790', '2800', '280000'],
      ['EOSUSDT', '1h', '5000', '6000', '4000', '5000', '4500000'],
      ['EOSUSDT', '1m', ...[inTicks.open, inTicks.high, inTicks.low, inTicks.close, inTicks.quoteVolume].map(String)],
    ]);
    // Generator states keep their unit (decision 0141).
    expect(rows.map((r) => r.gen_ref)).toEqual(['520000000', '95000000000', '28000000', null, String(v1.startState)]);
  });

  it('scales raw ticks with their bid and ask', async () => {
    expect(
      await q(`SELECT symbol, price::text, bid::text, ask::text, amount::text FROM market_ticks ORDER BY symbol`),
    ).toEqual([
      { symbol: 'EOSUSDT', price: '5000', bid: '4000', ask: '6000', amount: '10' },
      { symbol: 'ETHUSDT', price: '310000', bid: '309999', ask: '310001', amount: '10' },
      { symbol: 'SUSHIUSDT', price: '4500', bid: null, ask: null, amount: '10' },
    ]);
  });

  it("scales contracts' open and close prices and spot orders' limit and fill prices, nothing else", async () => {
    expect(
      await q(
        `SELECT c.symbol, c.open_price::text, s.close_price::text, s.payout::text FROM contracts c JOIN contract_settlements s ON s.contract_id = c.id ORDER BY c.id`,
      ),
    ).toEqual([
      { symbol: 'EOSUSDT', open_price: '5000', close_price: '6000', payout: '18500000' },
      { symbol: 'BTCUSDT', open_price: '9500000', close_price: '9500000', payout: '10000000' },
    ]);
    expect(
      await q(
        `SELECT symbol, price::text, fill_price::text, amount::text, reserved::text FROM spot_orders ORDER BY id`,
      ),
    ).toEqual([
      { symbol: 'EOSUSDT', price: '6000', fill_price: null, amount: '100000', reserved: '6006000' },
      { symbol: 'OMGUSDT', price: null, fill_price: '1500', amount: '1000000000000000000', reserved: '0' },
      { symbol: 'BTCUSDT', price: '9500000', fill_price: '9499000', amount: '100000', reserved: '0' },
    ]);
  });
});

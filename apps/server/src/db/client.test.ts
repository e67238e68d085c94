import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { DirLockedError, acquireDirLock } from './dir-lock';

describe('data folder lock', () => {
  it("refuses a second holder while the first lives, and takes over a dead one's lock", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    const lock = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DirLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/in use by another server process/);
    lock.release();
    const again = acquireDirLock(dir);
    again.release();

    // A lock file left by a process that is gone.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), dead);
    const taken = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    taken.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('the embedded database (PGlite)', () => {
  it('has a 32 MB buffer pool, and a table that grew gets planner statistics (single-user PostgreSQL runs no autovacuum)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-analyze-'));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      const setting = rowsOf(await first.db.execute(sql`SHOW shared_buffers`))[0];
      expect(setting?.shared_buffers).toBe('32MB');
      // 20,000 ticks (about 2 MB): well over the 50 pages below which a table is left alone.
      await first.db.execute(sql`INSERT INTO market_ticks (symbol, time, seq, price, amount, source)
        SELECT 'BTCUSDT', timestamptz '2026-01-01' + i * interval '1 second', 0, 100 + i, 1, 'test' FROM generate_series(1, 20000) AS i`);
      const before = rowsOf(
        await first.db.execute(sql`SELECT reltuples FROM pg_class WHERE relname = 'market_ticks'`),
      )[0];
      expect(Number(before?.reltuples)).toBeLessThan(0);
      await first.close();

      const again = await openDatabase({ pgliteDir: dir });
      const after = rowsOf(
        await again.db.execute(sql`SELECT reltuples FROM pg_class WHERE relname = 'market_ticks'`),
      )[0];
      expect(Number(after?.reltuples)).toBe(20_000);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

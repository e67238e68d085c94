import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { userRepo } from '../users';
import { OPS_BUNDLE, SERVER_DIST } from '../../../../../scripts/build-server-if-changed.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
// The CLI as `npm run ops` runs it: the bundle built beside the server's (test/global-setup.ts builds both).
const OPS = path.join(ROOT, SERVER_DIST, OPS_BUNDLE);

/** The operator CLI against a real PGlite folder, as an operator would run it. */
describe('npm run ops / ledger:verify', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [OPS, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  beforeAll(async () => {
    const db = await openDatabase({ pgliteDir });
    const now = new Date();
    await userRepo.insert(db.db, {
      uid: '12345678',
      email: 'ops@example.com',
      passwordHash: 'x',
      nickname: 'ops',
      invitationCode: 'OPSOPS',
      createdAt: now,
      updatedAt: now,
    });
    await db.close();
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('credits only a development database: PostgreSQL must be marked as one', () => {
    const onPostgres = spawnSync(
      process.execPath,
      [OPS, 'credit', '--user', '12345678', '--asset', 'USDT', '--amount', '1'],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          OPS_CREDIT_DEVELOPMENT: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(onPostgres.status).toBe(2);
    expect(onPostgres.stderr).toMatch(/development and demo databases only/);
  }, 60_000);

  it('credits a real account through a back-stage deposit, and the ledger verifies', async () => {
    const credit = run('credit', '--user', '12345678', '--asset', 'usdt', '--amount', '100.5', '--note', 'welcome');
    expect(credit.stdout).toMatch(/credited 100\.500000 USDT to user 12345678 \(deposit 1, ledger transaction 1\)/);
    expect(credit.status).toBe(0);
    expect(run('credit', '--user', 'ops@example.com', '--asset', 'BTC', '--amount', '0.00000001').status).toBe(0);
    expect(run('credit', '--user', 'nobody@example.com', '--asset', 'BTC', '--amount', '1').status).toBe(1);
    expect(run('credit', '--user', 'ops@example.com', '--asset', 'BTC', '--amount', '0.000000001').stderr).toMatch(
      /AMOUNT_INVALID/,
    );
    expect(run('credit', '--user', 'ops@example.com').status).toBe(2);

    const verify = run('ledger-verify');
    expect(verify.stdout).toMatch(/ledger OK/);
    expect(verify.status).toBe(0);

    const db = await openDatabase({ pgliteDir });
    const deposits = await db.db.execute(
      sql`SELECT channel, status, asset, amount::text AS amount, operator FROM deposits ORDER BY id`,
    );
    expect((deposits as unknown as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({ channel: 'back_stage', status: 'success', asset: 'USDT', amount: '100500000' }),
      expect.objectContaining({ channel: 'back_stage', status: 'success', asset: 'BTC', amount: '1' }),
    ]);
    // Someone edits a balance by hand: the check says so and fails.
    await db.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id IS NOT NULL AND asset = 'USDT'`,
    );
    await db.close();
    const broken = run('ledger-verify');
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/ledger BROKEN: 1 violation\(s\)\n\s+balance equals the sum of its postings/);
  }, 120_000);
});

/**
 * Operator commands, on the configured database (DATABASE_URL, or the PGlite folder in DATA_DIR:
 * stop the server first, it holds that folder's lock).
 *
 *   npm run ops -- credit --user <uid|email|phone> --asset USDT --amount 100 [--note "..."]
 *   npm run ops -- product --market CRYPTO --duration 30 --payout-bps 8000 --min 10 --max 5000 [--disable]
 *   npm run ledger:verify
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { OutboxSender } from '../src/lib/messenger';
import { AppError } from '../src/lib/app-error';
import { buildApp } from '../src/app';
import { LedgerService, MoneyCommands } from '../src/modules/ledger';
import { userRepo, type UserRow } from '../src/modules/users';
import { assetOrThrow, creditBackStage, positiveAmount } from '../src/modules/wallet';
import type { Db } from '../src/db/client';
import { MARKETS } from '@app/contract';
import { contractsRepo } from '../src/modules/contracts';

async function findUser(db: Db, who: string): Promise<UserRow | undefined> {
  if (/^\d{8}$/.test(who)) return userRepo.byUid(db, who);
  if (who.includes('@')) return userRepo.byEmail(db, who.toLowerCase());
  return userRepo.byPhone(db, who.startsWith('+') ? who : `+${who}`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig(process.env);
  const log = pino({ level: 'info' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    poolSize: 2,
  });
  const ctx: AppContext = {
    config, db: database.db, clock: systemClock, secret: '', log,
    email: new OutboxSender(path.join(config.dataDir, 'outbox'), log), sms: new OutboxSender(path.join(config.dataDir, 'outbox'), log),
  };
  try {
    switch (command) {
      case 'credit': {
        const { values } = parseArgs({ args: rest, options: { user: { type: 'string' }, asset: { type: 'string' }, amount: { type: 'string' }, note: { type: 'string' } } });
        if (!values.user || !values.asset || !values.amount) {
          console.error('usage: npm run ops -- credit --user <uid|email|phone> --asset USDT --amount 100 [--note "..."]');
          return 2;
        }
        const user = await findUser(database.db, values.user);
        if (!user) {
          console.error(`no user ${values.user}`);
          return 1;
        }
        const asset = assetOrThrow(values.asset.toUpperCase());
        const amount = positiveAmount(values.amount, asset);
        const operator = `cli:${os.userInfo().username}`;
        // No feeds to tell from here: a back-stage credit publishes nothing.
        const done = await creditBackStage(new MoneyCommands(ctx, new LedgerService(ctx), () => undefined), { userId: user.id, asset, amount, note: values.note ?? null, operator });
        log.info({ uid: user.uid, asset: asset.symbol, ...done, operator }, 'back-stage deposit credited');
        console.log(`credited ${done.amount} ${asset.symbol} to user ${user.uid} (deposit ${done.depositId}, ledger transaction ${done.transactionId})`);
        return 0;
      }
      case 'product': {
        const { values } = parseArgs({ args: rest, options: {
          market: { type: 'string' }, duration: { type: 'string' }, 'payout-bps': { type: 'string' }, min: { type: 'string' }, max: { type: 'string' }, disable: { type: 'boolean' },
        } });
        const market = MARKETS.find((m) => m === values.market?.toUpperCase());
        const duration = Number(values.duration);
        const payoutBps = Number(values['payout-bps']);
        if (!market || !Number.isInteger(duration) || duration <= 0 || !Number.isInteger(payoutBps) || !values.min || !values.max) {
          console.error('usage: npm run ops -- product --market CRYPTO --duration 30 --payout-bps 8000 --min 10 --max 5000 [--disable]');
          return 2;
        }
        const usdt = assetOrThrow('USDT');
        const row = { market, durationSeconds: duration, payoutBps, minStake: positiveAmount(values.min, usdt), maxStake: positiveAmount(values.max, usdt), enabled: !values.disable };
        await contractsRepo.upsertProduct(database.db, row);
        log.info({ ...row, minStake: values.min, maxStake: values.max, operator: `cli:${os.userInfo().username}` }, 'contract product set');
        console.log(`product ${market} ${duration} s: payout ${payoutBps} bps, stake ${values.min}–${values.max} USDT, ${row.enabled ? 'enabled' : 'disabled'} (open contracts keep their terms)`);
        return 0;
      }
      case 'ledger-verify': {
        // The app as the server builds it (nothing started): every module has registered its invariants with its ledger.
        const app = await buildApp({ ctx });
        const violations = await app.ledger.verify(database.db, 100);
        await app.close();
        if (violations.length === 0) {
          console.log('ledger OK: every transaction balances per asset, every balance equals its postings, no user account is negative');
          return 0;
        }
        console.error(`ledger BROKEN: ${violations.length} violation(s)`);
        for (const v of violations) console.error(`  ${v.rule}: ${v.detail}`);
        return 1;
      }
      default:
        console.error('commands: credit, product, ledger-verify');
        return 2;
    }
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`refused: ${err.key}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error(err);
  process.exit(1);
});

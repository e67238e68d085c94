/**
 * Operator commands, on the configured database (DATABASE_URL, or the PGlite folder in DATA_DIR:
 * stop the server first, it holds that folder's lock).
 *
 *   npm run ops -- credit --user <uid|email|phone> --asset USDT --amount 100 [--note "..."]   (development only:
 *     the embedded PGlite, or PostgreSQL with OPS_CREDIT_DEVELOPMENT=1)
 *   npm run ops -- product --market CRYPTO --duration 30 --payout-bps 8000 --min 10 --max 5000 [--disable]
 *   npm run ledger:verify
 *   npm run ops -- operator create --email ops@example.com --role admin [--password-stdin]
 *   npm run ops -- operator disable --email ops@example.com
 *   npm run ops -- audit-verify
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { loadOrCreateSecret } from '../src/lib/secrets';
import { OutboxSender } from '../src/lib/messenger';
import { AppError } from '../src/lib/app-error';
import { buildApp } from '../src/app';
import { createLedger } from '../src/modules/ledger';
import { userRepo, type UserRow } from '../src/modules/users';
import { creditBackStage } from '../src/modules/deposits';
import { assetOrThrow, positiveAmount } from '../src/modules/wallet';
import type { Db } from '../src/db/client';
import { MARKETS } from '@app/contract';
import { contractsRepo } from '../src/modules/contracts';
import { AuditLog, auditVerifyReport } from '../src/modules/audit';
import { OperatorService, OperatorSessionService } from '../src/modules/operators';
import crypto from 'node:crypto';
import QRCode from 'qrcode';

/** All of standard input, as text (a password piped in). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The command line as the audit log names it: `cli:<user of the machine>`, no operator, no request. */
const cliActor = () => ({
  operatorId: null,
  operatorEmail: `cli:${os.userInfo().username}`,
  role: null,
  requestId: null,
  ip: null,
});

async function operatorCommand(ctx: AppContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  const audit = new AuditLog(ctx);
  const service = new OperatorService(ctx, new OperatorSessionService(ctx), audit);
  if (sub === 'create' && values.email && values.role) {
    // A generated password unless one is piped in: none is ever a default, none goes on the command line (shell history).
    const password = values['password-stdin']
      ? (await readStdin()).replace(/\r?\n$/, '')
      : crypto.randomBytes(18).toString('base64url');
    const created = await service.create(cliActor(), { email: values.email, password, role: values.role as 'admin' });
    console.log(`operator ${created.operator.id} ${created.operator.email} (${created.operator.role}) created`);
    if (!values['password-stdin']) console.log(`password (shown once): ${password}`);
    console.log(`TOTP secret (shown once; add it to an authenticator app): ${created.totpSecret}`);
    console.log(created.totpUri);
    console.log(await QRCode.toString(created.totpUri, { type: 'terminal', small: true }));
    return 0;
  }
  if (sub === 'disable' && values.email) {
    const found = await service.byEmail(values.email);
    if (!found) {
      console.error(`no operator ${values.email}`);
      return 1;
    }
    const done = await service.disable(cliActor(), found.id);
    console.log(`operator ${done.id} ${done.email} disabled; their sessions are ended`);
    return 0;
  }
  console.error(
    'usage: npm run ops -- operator create --email <e-mail> --role support|compliance|finance|admin [--password-stdin]\n       npm run ops -- operator disable --email <e-mail>',
  );
  return 2;
}

async function findUser(db: Db, who: string): Promise<UserRow | undefined> {
  if (/^\d{8}$/.test(who)) return userRepo.byUid(db, who);
  if (who.includes('@')) return userRepo.byEmail(db, who.toLowerCase());
  return userRepo.byPhone(db, who.startsWith('+') ? who : `+${who}`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig(process.env);
  // Development and demo only (issue 16): a credit by one person's decision is what the back
  // office's four-eyes approval is for. The embedded PGlite is a development database; a
  // PostgreSQL one is taken for a deployment unless it is marked as a development one.
  if (command === 'credit' && config.databaseUrl && process.env.OPS_CREDIT_DEVELOPMENT !== '1') {
    console.error(
      'ops credit is for development and demo databases only: on PostgreSQL it runs with OPS_CREDIT_DEVELOPMENT=1.\n' +
        "A manual credit on a production database needs a second operator's approval (the back office's four-eyes path).",
    );
    return 2;
  }
  const log = pino({ level: 'info' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    poolSize: 2,
  });
  const ctx: AppContext = {
    // The server's own secret: what the CLI seals (an operator's TOTP secret) the server opens.
    config,
    db: database.db,
    clock: systemClock,
    secret: loadOrCreateSecret(config.dataDir, config.appSecret),
    log,
    email: new OutboxSender(path.join(config.dataDir, 'outbox'), log),
    sms: new OutboxSender(path.join(config.dataDir, 'outbox'), log),
  };
  try {
    switch (command) {
      case 'credit': {
        const { values } = parseArgs({
          args: rest,
          options: {
            user: { type: 'string' },
            asset: { type: 'string' },
            amount: { type: 'string' },
            note: { type: 'string' },
          },
        });
        if (!values.user || !values.asset || !values.amount) {
          console.error(
            'usage: npm run ops -- credit --user <uid|email|phone> --asset USDT --amount 100 [--note "..."]',
          );
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
        const done = await creditBackStage(createLedger(ctx, () => undefined).money, {
          userId: user.id,
          asset,
          amount,
          note: values.note ?? null,
          operator,
        });
        log.info({ uid: user.uid, asset: asset.symbol, ...done, operator }, 'back-stage deposit credited');
        console.log(
          `credited ${done.amount} ${asset.symbol} to user ${user.uid} (deposit ${done.depositId}, ledger transaction ${done.transactionId})`,
        );
        return 0;
      }
      case 'product': {
        const { values } = parseArgs({
          args: rest,
          options: {
            market: { type: 'string' },
            duration: { type: 'string' },
            'payout-bps': { type: 'string' },
            min: { type: 'string' },
            max: { type: 'string' },
            disable: { type: 'boolean' },
          },
        });
        const market = MARKETS.find((m) => m === values.market?.toUpperCase());
        const duration = Number(values.duration);
        const payoutBps = Number(values['payout-bps']);
        if (
          !market ||
          !Number.isInteger(duration) ||
          duration <= 0 ||
          !Number.isInteger(payoutBps) ||
          !values.min ||
          !values.max
        ) {
          console.error(
            'usage: npm run ops -- product --market CRYPTO --duration 30 --payout-bps 8000 --min 10 --max 5000 [--disable]',
          );
          return 2;
        }
        const usdt = assetOrThrow('USDT');
        const row = {
          market,
          durationSeconds: duration,
          payoutBps,
          minStake: positiveAmount(values.min, usdt),
          maxStake: positiveAmount(values.max, usdt),
          enabled: !values.disable,
        };
        await contractsRepo.upsertProduct(database.db, row);
        log.info(
          { ...row, minStake: values.min, maxStake: values.max, operator: `cli:${os.userInfo().username}` },
          'contract product set',
        );
        console.log(
          `product ${market} ${duration} s: payout ${payoutBps} bps, stake ${values.min}–${values.max} USDT, ${row.enabled ? 'enabled' : 'disabled'} (open contracts keep their terms)`,
        );
        return 0;
      }
      case 'ledger-verify': {
        // The app as the server builds it (nothing started): every module has registered its invariants with its ledger.
        const app = await buildApp({ ctx });
        const violations = await app.ledger.verify(database.db, 100);
        await app.close();
        if (violations.length === 0) {
          console.log(
            'ledger OK: every transaction balances per asset, every balance equals its postings, no user account is negative',
          );
          return 0;
        }
        console.error(`ledger BROKEN: ${violations.length} violation(s)`);
        for (const v of violations) console.error(`  ${v.rule}: ${v.detail}`);
        return 1;
      }
      case 'operator':
        return await operatorCommand(ctx, rest);
      case 'audit-verify': {
        const report = auditVerifyReport(await new AuditLog(ctx).verify());
        for (const line of report.lines) (report.status === 0 ? console.log : console.error)(line);
        return report.status;
      }
      default:
        console.error('commands: credit, product, ledger-verify, operator, audit-verify');
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

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

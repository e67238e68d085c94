/**
 * Operator commands, on the configured database (DATABASE_URL, or the PGlite folder in DATA_DIR).
 * While a server holds the PGlite folder, the command is sent to that server over its ops socket
 * (src/ops/socket.ts) and runs there, on its own database: nothing has to be stopped.
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
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/client';
import { DirLockedError } from '../src/db/dir-lock';
import { systemClock } from '../src/lib/clock';
import { loadOrCreateSecret } from '../src/lib/secrets';
import { OutboxSender } from '../src/lib/messenger';
import { buildApp } from '../src/app';
import { createLedger } from '../src/modules/ledger';
import { runOpsCommand, type OpsIo } from '../src/ops/commands';
import { askServer } from '../src/ops/socket';

/** All of standard input, as text (a password piped in). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const terminal: OpsIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  stdin: readStdin,
  user: os.userInfo().username,
};

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const [command] = argv;
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
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
      poolSize: 2,
    });
  } catch (err) {
    if (!(err instanceof DirLockedError)) throw err;
    // A server holds the embedded database: it runs the command (the password, if piped in, goes with it).
    const stdin = argv.includes('--password-stdin') ? await readStdin() : '';
    const exit = await askServer(config.dataDir, { argv, stdin, user: terminal.user }, terminal);
    if (exit !== undefined) return exit;
    console.error(`${err.message}\nIt does not answer on its ops socket yet (still starting?): try again in a moment.`);
    return 1;
  }
  const log = pino({ level: 'info' });
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
    return await runOpsCommand(
      {
        ctx,
        // No feeds to tell from here: a back-stage credit publishes nothing.
        money: () => createLedger(ctx, () => undefined).money,
        // The app as the server builds it (nothing started): every module has registered its invariants with its ledger.
        ledgerVerify: async () => {
          const app = await buildApp({ ctx });
          try {
            return await app.ledger.verify(database.db, 100);
          } finally {
            await app.close();
          }
        },
      },
      argv,
      terminal,
    );
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

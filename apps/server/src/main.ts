import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { lockPgliteDir, openDatabase, type Database } from './db/client';
import { systemClock } from './lib/clock';
import { OutboxSender, SmtpSender } from './lib/messenger';
import { loadOrCreateSecret } from './lib/secrets';
import { DirLockedError, type DirLock } from './db/dir-lock';
import { runOpsCommand } from './ops/commands';
import { listenOpsSocket, type OpsSocket } from './ops/socket';

/** A bad setting is the operator's to fix: one line naming the variable, exit code 1, no stack trace. */
function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration error: ${err.message} (see docs/configuration.md)`);
    process.exit(1);
  }
}

/** Log output is buffered up to this many bytes (docs/decisions/0031-buffered-log-and-pool-size.md). */
const LOG_BLOCK_BYTES = 4096;
/** ... and for at most this long. */
const LOG_FLUSH_MS = 1000;

async function main(): Promise<void> {
  const config = readConfig();
  // Log lines are written in blocks of LOG_BLOCK_BYTES, not a write call each: the access log's
  // write was a tenth of a money write's CPU (docs/performance.md "API"). A block waits at most
  // LOG_FLUSH_MS; pino writes what is left when the process exits, also on a crash.
  const logDestination = pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES });
  const logger = pino({ level: config.logLevel }, logDestination);
  setInterval(() => logDestination.flush(), LOG_FLUSH_MS).unref();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite');
  let lock: DirLock | undefined;
  try {
    // Before anything listens: a second server on the same folder must not start at all.
    if (pgliteDir) lock = lockPgliteDir(pgliteDir);
  } catch (err) {
    if (!(err instanceof DirLockedError)) throw err;
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  const outbox = new OutboxSender(path.join(config.dataDir, 'outbox'), logger);
  let database: Database | undefined;
  let opsSocket: OpsSocket | null = null;
  const ctx: AppContext = {
    config,
    // Assigned once the database is open; until then every route but health answers NOT_READY.
    db: undefined as unknown as AppContext['db'],
    clock: systemClock,
    secret: loadOrCreateSecret(config.dataDir, config.appSecret),
    email: config.smtpUrl ? new SmtpSender(config.smtpUrl, config.emailFrom) : outbox,
    sms: outbox,
    log: logger,
  };
  const app = await buildApp({ ctx, logger, isReady: () => database !== undefined });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await opsSocket?.close();
    await app.close().catch((err) => logger.error({ err }, 'closing the server failed'));
    await database?.close().catch((err) => logger.error({ err }, 'closing the database failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = pgliteDir ? `embedded PGlite in ${pgliteDir}` : 'PostgreSQL (DATABASE_URL)';
  logger.info(`opening the database: ${where}`);
  try {
    const opened = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
      lock,
      poolSize: config.dbPoolSize,
    });
    ctx.db = opened.db;
    database = opened;
    // `npm run ops` cannot open the folder this process holds: it sends its command here instead.
    if (pgliteDir)
      opsSocket = await listenOpsSocket(
        config.dataDir,
        (argv, io) =>
          runOpsCommand(
            { ctx, money: () => app.money, ledgerVerify: () => app.ledger.verify(opened.db, 100) },
            argv,
            io,
          ),
        logger,
      );
  } catch (err) {
    logger.fatal({ err }, 'could not open the database');
    await app.close();
    process.exit(1);
  }
  const url = `http://localhost:${config.port}/`;
  logger.info(`ready: ${url} (API docs at ${url}docs)`);
  logDestination.flush();
  console.log(`\n  Trading app running at ${url}\n  API docs: ${url}docs\n`);
}

void main();

import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { privateKeyToAccount } from 'viem/accounts';
import { buildApp } from './app';
import { ConfigError, loadConfig, withDevChain, type Config } from './config';
import type { AppContext } from './context';
import { lockPgliteDir, openDatabase, type Database } from './db/client';
import { systemClock } from './lib/clock';
import { OutboxSender, SmtpSender } from './lib/messenger';
import { loadOrCreateSecret } from './lib/secrets';
import { DirLockedError, type DirLock } from './db/dir-lock';
import { DEV_CHAIN_DIR, DevChainError, startDevChain, type DevChain } from './modules/chains';
import { devHotKeyEvm } from './modules/deposits';
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

/**
 * The development chain of the embedded default (DEV_CHAIN; docs/deposits.md "The development
 * chain"): started before the app is built, so the configuration points Ethereum at it. A data
 * folder whose chain state is missing or foreign stops the server with a message; a chain that
 * cannot start for another reason (no anvil binary installed) leaves the server without one.
 */
async function startOwnChain(config: Config, logger: Logger): Promise<DevChain | undefined> {
  const hot = privateKeyToAccount(devHotKeyEvm(config.dataDir).privateKey).address;
  try {
    const chain = await startDevChain({
      dataDir: config.dataDir,
      port: config.devChain.port,
      confirmations: Math.max(config.devChain.confirmations.ETH, config.devChain.confirmations.USDT),
      fund: [hot],
      log: logger,
    });
    logger.warn(
      {
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        usdt: chain.usdt,
        hotWallet: hot,
        pid: chain.pid,
        state: path.join(config.dataDir, DEV_CHAIN_DIR),
        fresh: chain.fresh,
      },
      'DEVELOPMENT CHAIN: deposits and withdrawals on Ethereum use a local anvil chain with TEST coins, not real money (DEV_CHAIN=false turns it off)',
    );
    return chain;
  } catch (err) {
    if (err instanceof DevChainError) {
      console.error(`\nDevelopment chain: ${err.message}\n`);
      process.exit(1);
    }
    logger.error(
      { err },
      'the development chain could not start: the server runs without it (no node for Ethereum: deposits are not seen, withdrawals are unavailable)',
    );
    return undefined;
  }
}

/** Log output is buffered up to this many bytes (docs/decisions/0031-buffered-log-and-pool-size.md). */
const LOG_BLOCK_BYTES = 4096;
/** ... and for at most this long. */
const LOG_FLUSH_MS = 1000;

async function main(): Promise<void> {
  const settings = readConfig();
  // Log lines are written in blocks of LOG_BLOCK_BYTES, not a write call each: the access log's
  // write was a tenth of a money write's CPU (docs/performance.md "API"). A block waits at most
  // LOG_FLUSH_MS; pino writes what is left when the process exits, also on a crash.
  const logDestination = pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES });
  const logger = pino({ level: settings.logLevel }, logDestination);
  setInterval(() => logDestination.flush(), LOG_FLUSH_MS).unref();
  fs.mkdirSync(settings.dataDir, { recursive: true });
  const pgliteDir = settings.databaseUrl ? undefined : path.join(settings.dataDir, 'pglite');
  let lock: DirLock | undefined;
  try {
    // Before anything listens: a second server on the same folder must not start at all.
    if (pgliteDir) lock = lockPgliteDir(pgliteDir);
  } catch (err) {
    if (!(err instanceof DirLockedError)) throw err;
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  // After the data folder's lock (a second server on it never touches its chain), before the app.
  const devChain = settings.devChain.enabled ? await startOwnChain(settings, logger) : undefined;
  const config = devChain ? withDevChain(settings, devChain) : settings;
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
    ...(devChain ? { devChain } : {}),
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
    // Last: everything that reads or sends on it has stopped; anvil writes its state as it ends.
    await devChain?.stop().catch((err) => logger.error({ err }, 'stopping the development chain failed'));
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
  if (devChain)
    console.log(
      `  Development chain (TEST coins, not real money): anvil at ${devChain.rpcUrl}, chain id ${devChain.chainId}, test USDT ${devChain.usdt}\n` +
        `  Deposit: the Deposit page's "Send test coins" button, or npm run chain:send -- --to <your deposit address> --amount 25\n` +
        `  Its state is kept in ${path.join(config.dataDir, DEV_CHAIN_DIR)}; DEV_CHAIN=false turns it off.\n`,
    );
}

void main();

import path from 'node:path';
import { SERVER_DIR } from '../server-dir';
import { bool, ConfigError, int, oneOf, optionalStr, optionalUrl, str, url, type Env } from '../lib/env';
import { loadChainsConfig, type ChainsConfig } from './chains';
import { loadContractConfig, type ContractConfig } from './contracts';
import { loadFinancingConfig, type FinancingConfig } from './financing';
import { loadChatConfig, type ChatSettings } from './chat';
import { loadDepositConfig, type DepositConfig, type DepositRouteConfig } from './deposits';
import { DEV_CHAIN_ID, loadDevChainConfig, type DevChainConfig } from './dev-chain';
import { loadKycConfig, type KycConfig } from './kyc';
import { loadWithdrawalConfig, type WithdrawalConfig } from './withdrawals';
import { loadLoanConfig, type LoanConfig } from './loans';
import { loadMarketConfig, type MarketConfig } from './market';
import { loadOperatorConfig, type OperatorConfig } from './operators';
import { loadOtcConfig, type OtcConfig } from './otc';
import { loadSpotConfig, type SpotConfig } from './spot';
import {
  loadAppSecret,
  loadFileStoreConfig,
  loadRateLimitStoreConfig,
  type FileStoreConfig,
  type RateLimitStoreConfig,
} from './shared-state';

export { ConfigError, type Env } from '../lib/env';
export { DEPOSIT_ROUTE_DEFAULTS, minDepositText, parseAccountXpub, routeVar } from './deposits';
export { DEV_CHAIN_DEFAULT_PORT, DEV_CHAIN_ID, DEV_CHAIN_USDT, type DevChainConfig } from './dev-chain';
export type { FileStoreConfig, FileStoreKind, RateLimitStoreConfig, S3Config } from './shared-state';
export type {
  ChainsConfig,
  ContractConfig,
  DepositConfig,
  DepositRouteConfig,
  KycConfig,
  MarketConfig,
  OperatorConfig,
  OtcConfig,
  SpotConfig,
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every setting of the server, read once at start from the environment; docs/configuration.md
 * lists them. Modules receive their section (`market`, `otc`, `spot`, `contracts`) and never read
 * the environment themselves.
 */
export interface Config {
  port: number;
  host: string;
  /** Where users reach the web app (links in e-mail and SMS), without a trailing slash. */
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Secret for HMACs (one-time codes). Unset: generated once into <dataDir>/secret.key. */
  appSecret: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  /** How long a session read from the database is used without reading it again (0: never kept). */
  sessionCacheMs: number;
  trustProxy: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  /** The built back office (apps/admin/dist), served at /admin/ when its index.html exists. */
  adminDist: string;
  /** Requests per minute per address on the sign-in, sign-up and code endpoints. */
  authRateLimitPerMinute: number;
  /** Where the request counters live: Redis (REDIS_URL, shared by every process) or this process's memory. */
  rateLimitStore: RateLimitStoreConfig;
  /** Where uploaded files' bytes live (FILE_STORE, S3_URL): disk, PostgreSQL or an S3-compatible bucket. */
  fileStore: FileStoreConfig;
  otpDailyPerDestination: number;
  otpDailyPerIp: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginLockMinutes: number;
  /** Wrong fund passwords within fundPasswordLockMinutes before every check of it is refused for the rest of that window. */
  fundPasswordMaxFailures: number;
  fundPasswordLockMinutes: number;
  /** scrypt cost parameter N (a power of two). */
  scryptCost: number;
  dbPoolSize: number;
  /** This process's name in the engine election and on /readyz (NODE_NAME; unset: host:pid). */
  nodeName: string | undefined;
  /**
   * The bearer token that shows /readyz's detail (role, epoch, node, bus, database, chain watchers) to
   * operators and their probes (READYZ_TOKEN; unset: /readyz answers only its status to everyone).
   */
  readyzToken: string | undefined;
  /** The engine role's election on PostgreSQL (docs/architecture.md "Engine role and fencing"). */
  election: { retryMs: number; heartbeatMs: number; leaseMs: number };
  /** How often each process's notice hub reads the notice stream for its SSE clients (docs/notifications.md). */
  noticePollMs: number;
  /** The bus between processes (BUS_URL: NATS JetStream; unset: this process's memory) and its stream/subject prefix (BUS_PREFIX). */
  bus: { url: string | undefined; prefix: string };
  market: MarketConfig;
  otc: OtcConfig;
  spot: SpotConfig;
  contracts: ContractConfig;
  kyc: KycConfig;
  operators: OperatorConfig;
  deposits: DepositConfig;
  chains: ChainsConfig;
  /** The development chain `npm start` runs on the embedded default (DEV_CHAIN); main.ts starts it and applies `withDevChain`. */
  devChain: DevChainConfig;
  withdrawals: WithdrawalConfig;
  loans: LoanConfig;
  financing: FinancingConfig;
  chat: ChatSettings;
  /** The company's address shown as text on /open-location (COMPANY_ADDRESS; unset: the page says it is not published). */
  companyAddress: string | undefined;
  /** The economic calendar widget the news page embeds (ECONOMIC_CALENDAR_URL); its origin alone is allowed in the CSP's frame-src. */
  economicCalendarUrl: string | undefined;
}

/** scrypt's N must be a power of two; 2^20 already takes 1 GiB per hash. */
function scryptCost(env: Env): number {
  const n = int(env, 'SCRYPT_COST', 16384, 2, 2 ** 20);
  if ((n & (n - 1)) !== 0)
    throw new ConfigError('SCRYPT_COST', String(env.SCRYPT_COST), 'a power of two in 2..1048576');
  return n;
}

/** READYZ_TOKEN: a secret of 32 to 200 visible ASCII characters (it travels in an Authorization header). */
function readyzToken(env: Env): string | undefined {
  const v = optionalStr(env, 'READYZ_TOKEN');
  if (v !== undefined && !/^[\x21-\x7e]{32,200}$/.test(v))
    throw new ConfigError('READYZ_TOKEN', '(hidden)', '32 to 200 visible ASCII characters without spaces');
  return v;
}

/** BUS_PREFIX: a NATS subject token and stream-name part (letters, digits, '_' and '-'). */
function busPrefix(env: Env): string {
  const v = str(env, 'BUS_PREFIX', 'app');
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(v)) throw new ConfigError('BUS_PREFIX', v, "1-32 letters, digits, '_' or '-'");
  return v;
}

/** Relative paths are taken from `cwd`. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const databaseUrl = optionalUrl(env, 'DATABASE_URL', ['postgres', 'postgresql'], false);
  const port = int(env, 'PORT', 8080, 0, 65_535);
  const deposits = loadDepositConfig(env, databaseUrl);
  return {
    port,
    publicBaseUrl: url(env, 'PUBLIC_BASE_URL', ['http', 'https'], `http://localhost:${port}`).replace(/\/+$/, ''),
    host: str(env, 'HOST', '0.0.0.0'),
    dataDir: path.resolve(cwd, str(env, 'DATA_DIR', './data')),
    databaseUrl,
    smtpUrl: optionalUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
    emailFrom: str(env, 'EMAIL_FROM', 'no-reply@localhost'),
    appSecret: loadAppSecret(env),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 24 * 60, 1, 525_600),
    sessionMaxDays: int(env, 'SESSION_MAX_DAYS', 30, 1, 3650),
    sessionCacheMs: int(env, 'SESSION_CACHE_MS', 2000, 0, 60_000),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    webDist: path.resolve(cwd, str(env, 'WEB_DIST', path.join(SERVER_DIR, '../web/dist'))),
    adminDist: path.resolve(cwd, str(env, 'ADMIN_DIST', path.join(SERVER_DIR, '../admin/dist'))),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
    rateLimitStore: loadRateLimitStoreConfig(env),
    fileStore: loadFileStoreConfig(env, databaseUrl),
    otpDailyPerDestination: int(env, 'OTP_DAILY_PER_DESTINATION', 10, 1, 1_000_000),
    otpDailyPerIp: int(env, 'OTP_DAILY_PER_IP', 50, 1, 1_000_000),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000_000),
    loginMaxFailuresPerIp: int(env, 'LOGIN_MAX_FAILURES_PER_IP', 30, 1, 1_000_000),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15, 1, 525_600),
    fundPasswordMaxFailures: int(env, 'FUND_PASSWORD_MAX_FAILURES', 5, 1, 1000),
    fundPasswordLockMinutes: int(env, 'FUND_PASSWORD_LOCK_MINUTES', 15, 1, 525_600),
    scryptCost: scryptCost(env),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1, 1000),
    nodeName: optionalStr(env, 'NODE_NAME')?.slice(0, 100),
    readyzToken: readyzToken(env),
    election: {
      retryMs: int(env, 'ELECTION_RETRY_MS', 500, 50, 60_000),
      heartbeatMs: int(env, 'ELECTION_HEARTBEAT_MS', 500, 50, 60_000),
      leaseMs: int(env, 'ELECTION_LEASE_MS', 3000, 200, 600_000),
    },
    noticePollMs: int(env, 'NOTICE_POLL_MS', 200, 10, 60_000),
    bus: { url: optionalUrl(env, 'BUS_URL', ['nats', 'tls']), prefix: busPrefix(env) },
    market: loadMarketConfig(env),
    otc: loadOtcConfig(env),
    spot: loadSpotConfig(env),
    contracts: loadContractConfig(env),
    kyc: loadKycConfig(env),
    operators: loadOperatorConfig(env),
    deposits,
    chains: loadChainsConfig(env),
    devChain: loadDevChainConfig(env, deposits.devSeed),
    withdrawals: loadWithdrawalConfig(env),
    loans: loadLoanConfig(env),
    financing: loadFinancingConfig(env),
    chat: loadChatConfig(env),
    companyAddress: optionalStr(env, 'COMPANY_ADDRESS')?.slice(0, 500),
    economicCalendarUrl: optionalUrl(env, 'ECONOMIC_CALENDAR_URL', ['https', 'http']),
  };
}

/**
 * The configuration with the running development chain in it (docs/deposits.md "The development
 * chain"): Ethereum's node is the chain (its id, scanned from its first block, never "stalled":
 * it makes blocks only when there is something to confirm), USDT on Ethereum is its test token,
 * ETH and USDT wait its confirmations, USDC on Ethereum is off (the chain has no such token).
 */
export function withDevChain(config: Config, chain: { rpcUrl: string; usdt: string }): Config {
  const dev = config.devChain;
  const routes = config.deposits.routes.map((r): DepositRouteConfig => {
    if (r.chain !== 'ethereum') return r;
    if (r.symbol === 'USDT') return { ...r, token: chain.usdt, confirmations: dev.confirmations.USDT };
    if (r.symbol === 'ETH') return { ...r, confirmations: dev.confirmations.ETH };
    return { ...r, enabled: false };
  });
  return {
    ...config,
    deposits: { ...config.deposits, routes },
    chains: {
      ...config.chains,
      ethereum: { rpcUrl: chain.rpcUrl, chainId: DEV_CHAIN_ID, startBlock: 0, dev: true },
      pollMs: dev.pollMs,
      stallSeconds: 0,
    },
  };
}

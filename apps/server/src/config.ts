import path from 'node:path';
import { loadMarketConfig, type MarketConfig } from './modules/market/config';

/** Every setting comes from the environment; docs/configuration.md lists them. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Secret for HMACs (one-time codes). Unset: generated once into <dataDir>/secret.key. */
  appSecret: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  /** Requests per minute per address on the sign-in, sign-up and code endpoints. */
  authRateLimitPerMinute: number;
  otpDailyPerDestination: number;
  otpDailyPerIp: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginLockMinutes: number;
  /** scrypt cost parameter N (a power of two). */
  scryptCost: number;
  dbPoolSize: number;
  market: MarketConfig;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    emailFrom: env.EMAIL_FROM || 'no-reply@localhost',
    appSecret: env.APP_SECRET || undefined,
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 24 * 60),
    sessionMaxDays: int(env, 'SESSION_MAX_DAYS', 30),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(cwd, env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30),
    otpDailyPerDestination: int(env, 'OTP_DAILY_PER_DESTINATION', 10),
    otpDailyPerIp: int(env, 'OTP_DAILY_PER_IP', 50),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
    loginMaxFailuresPerIp: int(env, 'LOGIN_MAX_FAILURES_PER_IP', 30),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15),
    scryptCost: int(env, 'SCRYPT_COST', 16384),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10),
    market: loadMarketConfig(env),
  };
}

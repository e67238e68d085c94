import { ConfigError, oneOf, optionalStr, optionalUrl, str, type Env } from '../lib/env';

/** Where request counters live (docs/configuration.md, docs/decisions/0122-rate-limits-in-redis-with-memory-fallback.md). */
export interface RateLimitStoreConfig {
  /** REDIS_URL: the counters in Redis, shared by every process; unset: each process counts in its own memory. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: put before every key this server writes to Redis (several deployments or test runs on one Redis). */
  redisPrefix: string;
}

export const FILE_STORES = ['disk', 'pg', 's3'] as const;
export type FileStoreKind = (typeof FILE_STORES)[number];

/** An S3-compatible bucket, read from S3_URL (`http(s)://KEY:SECRET@host:port/bucket[/prefix]?region=…&forcePathStyle=…`). */
export interface S3Config {
  /** The endpoint, without credentials or path (`http://127.0.0.1:9000`). */
  endpoint: string;
  bucket: string;
  /** Put before every object key ('' or ending in '/'). */
  keyPrefix: string;
  region: string;
  forcePathStyle: boolean;
  /** From the URL's user info; none: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface FileStoreConfig {
  /** FILE_STORE; default: s3 with S3_URL, else pg with DATABASE_URL, else disk. */
  kind: FileStoreKind;
  s3: S3Config | undefined;
}

export function loadRateLimitStoreConfig(env: Env): RateLimitStoreConfig {
  const redisPrefix = str(env, 'REDIS_PREFIX', 'app:');
  if (!/^[A-Za-z0-9:_.-]{0,64}$/.test(redisPrefix))
    throw new ConfigError('REDIS_PREFIX', redisPrefix, 'at most 64 letters, digits and : _ . -');
  return { redisUrl: optionalUrl(env, 'REDIS_URL', ['redis', 'rediss']), redisPrefix };
}

function parseS3Url(value: string): S3Config {
  const u = new URL(value);
  const [bucket = '', ...rest] = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const fail = (why: string) => new ConfigError('S3_URL', `${u.protocol}//…@${u.host}${u.pathname}`, why);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw fail('a URL naming a bucket: http(s)://KEY:SECRET@host:port/bucket?region=…');
  const forcePathStyle = u.searchParams.get('forcePathStyle') ?? 'true';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') throw fail('forcePathStyle=true or false');
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  if ((user === '') !== (pass === '')) throw fail('both a key and a secret in the URL, or neither');
  return {
    endpoint: `${u.protocol}//${u.host}`,
    bucket,
    keyPrefix: rest.length ? `${rest.join('/')}/` : '',
    region: u.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: forcePathStyle === 'true',
    credentials: user ? { accessKeyId: user, secretAccessKey: pass } : undefined,
  };
}

export function loadFileStoreConfig(env: Env, databaseUrl: string | undefined): FileStoreConfig {
  const url = optionalUrl(env, 'S3_URL', ['http', 'https']);
  const s3 = url === undefined ? undefined : parseS3Url(url);
  const fallback: FileStoreKind = s3 ? 's3' : databaseUrl ? 'pg' : 'disk';
  const kind = oneOf(env, 'FILE_STORE', FILE_STORES, fallback);
  if (kind === 's3' && !s3) throw new ConfigError('FILE_STORE', 's3', 'S3_URL set as well (the bucket to use)');
  return { kind, s3 };
}

/**
 * APP_SECRET, which keys one-time codes, sealed TOTP secrets and opaque ids. Unset, each process
 * generates one into its own data folder; processes behind one load balancer must share it, so it
 * is required when BUS_URL is set (more than one process).
 */
export function loadAppSecret(env: Env): string | undefined {
  const secret = optionalStr(env, 'APP_SECRET');
  if (secret === undefined && optionalStr(env, 'BUS_URL') !== undefined) {
    throw new ConfigError('APP_SECRET', '', 'set, the same on every process, when BUS_URL is set (several processes)');
  }
  return secret;
}

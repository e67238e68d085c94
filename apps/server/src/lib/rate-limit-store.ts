import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { RateLimitStoreConfig } from '../config';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
/** The shape of @fastify/rate-limit's stores (store/LocalStore.js, store/RedisStore.js). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface GlobalParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's own two stores (the package has no "exports" map, so its files are reachable).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/**
 * Redis first; while Redis cannot answer, this process's own memory
 * (docs/decisions/0122-rate-limits-in-redis-with-memory-fallback.md): an outage neither refuses
 * every limited request (sign-in stays possible) nor lifts the limits (each process still counts,
 * so the total is at most the number of processes times the limit), and it is logged as an error
 * at most every 10 s.
 */
class RedisWithFallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onError: (err: Error) => void,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.onError(err);
        this.local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    const local = this.local;
    this.shared.read!(
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.onError(err);
        local.read!(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): Store {
    return new RedisWithFallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onError);
  }
}

export interface RateLimitSetup {
  /** The options @fastify/rate-limit is registered with. */
  options: FastifyRateLimitOptions;
  /** 'redis' or 'memory', and whether the last Redis command failed (then this process counts alone). */
  status(): { store: 'redis' | 'memory'; degraded: boolean };
  /** Connects to Redis (a failure is logged, not thrown: the fallback counts meanwhile). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The request limiter's store: Redis when REDIS_URL is set, else this process's memory (the embedded default). */
export function rateLimitSetup(config: RateLimitStoreConfig, log: FastifyBaseLogger): RateLimitSetup {
  const base: FastifyRateLimitOptions = { global: false };
  if (!config.redisUrl) {
    return {
      options: base,
      status: () => ({ store: 'memory', degraded: false }),
      start: async () => {},
      close: async () => {},
    };
  }
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    // A command while disconnected fails at once (and the fallback counts) instead of waiting in a queue…
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // …and one to a Redis that stopped answering (a network cut) fails after a second.
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let degraded = false;
  let lastLogged = 0;
  const report = (err: Error) => {
    degraded = true;
    const now = Date.now();
    if (now - lastLogged < 10_000) return;
    lastLogged = now;
    log.error({ err: err.message }, 'rate limits: Redis unavailable, counting in this process until it is back');
  };
  redis.on('error', report);
  redis.on('ready', () => {
    if (degraded) log.warn('rate limits: Redis is back, counting there again');
    degraded = false;
  });
  const nameSpace = `${config.redisPrefix}rate-limit:`;
  const store = function RateLimitStore(this: unknown, params: GlobalParams) {
    return new RedisWithFallbackStore(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
      new LocalStore(params.continueExceeding, params.exponentialBackoff),
      report,
    );
  } as unknown as FastifyRateLimitStoreCtor;
  let closed = false;
  return {
    options: { ...base, store, skipOnError: false },
    status: () => ({ store: 'redis', degraded }),
    async start() {
      try {
        await redis.connect();
      } catch (err) {
        report(err as Error);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

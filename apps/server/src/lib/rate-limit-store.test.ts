import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { API, ERRORS } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/harness';
import { serviceMissing } from '../../test/services';

// A real Redis (docs/operations.md): the test fails, not skips, when it is down.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 6;
const apps: TestApp[] = [];
const prefix = `test-${crypto.randomBytes(6).toString('hex')}:`;
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });

afterAll(async () => {
  for (const t of apps) await t.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env } });
  apps.push(t);
  return t;
}

/** A sign-in attempt (an empty body: refused, but counted first) from `ip`; its HTTP status. */
const attempt = async (t: TestApp, ip: string) => (await t.post(API.user.login, {}, { ip })).status;

describe.skipIf(serviceMissing('Redis'))('rate limits across processes (REDIS_URL)', () => {
  it('two app instances sharing one Redis reach the limit at the configured count in total', {
    timeout: 60_000,
  }, async () => {
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
    const a = await app({ REDIS_URL, REDIS_PREFIX: prefix });
    const b = await app({ REDIS_URL, REDIS_PREFIX: prefix });
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) statuses.push(await attempt(i % 2 === 0 ? a : b, ip));
    // The first LIMIT (3 on each instance) pass the limiter; every later one is refused, on either instance.
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429));
    const refused = await a.post(API.user.login, {}, { ip });
    expect(refused.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    // Another address has its own count.
    expect(await attempt(b, '203.0.113.8')).not.toBe(429);
    // The counters are Redis keys under the prefix.
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
  });

  it('while Redis cannot be reached, sign-in still answers and each process still counts', {
    timeout: 60_000,
  }, async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const t = await app({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push(await attempt(t, '203.0.113.9'));
    expect(statuses.some((s) => s >= 500)).toBe(false);
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });

  it('without REDIS_URL, each process counts in its own memory (the embedded default)', {
    timeout: 60_000,
  }, async () => {
    const a = await app({});
    const b = await app({});
    const ip = '203.0.113.10';
    for (let i = 0; i < LIMIT; i++) expect(await attempt(a, ip)).not.toBe(429);
    expect(await attempt(a, ip)).toBe(429);
    expect(await attempt(b, ip)).not.toBe(429);
  });
});

import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createLimitsStore, type LimitsStore } from './limits-store.js';
import { createPageQuota } from './page-quota.js';
import { createRateLimiter } from './rate-limiter.js';

// A real Redis (CI and development machines run one on 6379). Missing, these tests fail: never skip.
const REDIS_URL = process.env.FOLIO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY_PREFIX = `folio-test:${randomUUID()}:`;

describe('limits on Redis', () => {
  const lines: string[] = [];
  const logger = createLogger({ name: 'test', level: 'info', destination: { write: (line) => lines.push(line) } });
  const stores: LimitsStore[] = [];
  let admin: Redis;

  const open = async (): Promise<LimitsStore> => {
    const store = await createLimitsStore({ redisUrl: REDIS_URL, keyPrefix: KEY_PREFIX, logger });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await admin.connect().catch((error: unknown) => {
      throw new Error(`These tests need Redis at ${REDIS_URL} (set FOLIO_TEST_REDIS_URL): ${String(error)}`);
    });
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    const keys = await admin.keys(`${KEY_PREFIX}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('shares a rate limit between processes and keeps it across a restart', async () => {
    const first = await open();
    const second = await open();
    expect(first.kind).toBe('redis');
    const options = { name: 'create', ratePerSec: 0.1, burst: 3 };
    const a = createRateLimiter(first, options);
    const b = createRateLimiter(second, options);
    expect([await a.take('alice'), await b.take('alice'), await a.take('alice')]).toEqual([0, 0, 0]);
    expect(await b.take('alice')).toBeGreaterThan(0);
    await first.close();
    // A new process on the same Redis: the owner's allowance is still used up.
    const restarted = createRateLimiter(await open(), options);
    expect(await restarted.take('alice')).toBeGreaterThan(0);
    expect(await restarted.take('bob')).toBe(0);
  });

  it('shares the monthly page count between processes', async () => {
    const nowMs = Date.UTC(2026, 10, 15);
    const worker = createPageQuota(await open());
    const gateway = createPageQuota(await open());
    expect(await worker.charge({ ownerId: 'alice', chargeId: 't1/1', pages: 7, limit: 10, nowMs })).toEqual({
      kind: 'charged',
      used: 7,
    });
    expect(await gateway.used('alice', nowMs)).toBe(7);
    expect(await gateway.charge({ ownerId: 'alice', chargeId: 't2/1', pages: 4, limit: 10, nowMs })).toEqual({
      kind: 'refused',
      used: 7,
    });
    expect(await worker.charge({ ownerId: 'alice', chargeId: 't1/1', pages: 7, limit: 10, nowMs })).toEqual({
      kind: 'charged',
      used: 7,
    });
    expect(await admin.ttl(`${KEY_PREFIX}pages:2026-11:alice`)).toBeGreaterThan(31 * 24 * 3600);
  });

  it('starts without Redis and keeps answering: rate limits per process, quotas open, the outage logged once', async () => {
    lines.length = 0;
    const store = await createLimitsStore({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: KEY_PREFIX,
      logger,
      connectTimeoutMs: 300,
    });
    stores.push(store);
    const limiter = createRateLimiter(store, { name: 'create', ratePerSec: 1, burst: 2 });
    expect([await limiter.take('alice'), await limiter.take('alice')]).toEqual([0, 0]);
    expect(await limiter.take('alice')).toBeGreaterThan(0);
    const quota = createPageQuota(store);
    expect(await quota.used('alice', Date.now())).toBeNull();
    expect(await quota.charge({ ownerId: 'alice', chargeId: 'x/1', pages: 1, limit: 1, nowMs: Date.now() })).toEqual({
      kind: 'unavailable',
    });
    const outages = lines.filter((line) => line.includes('limits store (Redis) unavailable'));
    expect(outages).toHaveLength(1);
  });
});

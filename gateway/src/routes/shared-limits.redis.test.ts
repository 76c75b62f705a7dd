import { createLimitsStore, createLogger, createPageQuota, type LimitsStore } from '@folio/runtime';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_BYTES, createHarness, type Harness } from '../testing/harness.js';

// Two gateway apps on the machine's Redis (CI runs one on 6379 too). Without Redis this fails: never skip.
const REDIS_URL = process.env.FOLIO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// One prefix per run, removed at the end, so runs and other users of the Redis never meet.
const KEY_PREFIX = `folio-test:${randomUUID()}:`;
const logger = createLogger({ name: 'test', level: 'silent' });

describe('limits shared by gateway replicas through Redis', () => {
  const opened: { stores: LimitsStore[]; harnesses: Harness[] } = { stores: [], harnesses: [] };
  let admin: Redis;

  async function gateway(env: Record<string, string>): Promise<{ harness: Harness; limits: LimitsStore }> {
    const limits = await createLimitsStore({ redisUrl: REDIS_URL, keyPrefix: KEY_PREFIX, logger });
    const harness = await createHarness({ env: { REDIS_URL, LIMITS_KEY_PREFIX: KEY_PREFIX, ...env }, limits });
    opened.stores.push(limits);
    opened.harnesses.push(harness);
    return { harness, limits };
  }

  const create = (harness: Harness, key: string) =>
    request(harness.app.callback())
      .post('/api/v1/task/parse')
      .set('Authorization', key)
      .send({ file: PDF_BYTES.toString('base64') });

  beforeAll(async () => {
    admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await admin.connect().catch((error: unknown) => {
      throw new Error(`These tests need Redis at ${REDIS_URL} (set FOLIO_TEST_REDIS_URL): ${String(error)}`);
    });
  });

  afterAll(async () => {
    await Promise.all(opened.stores.map((store) => store.close()));
    await Promise.all(opened.harnesses.map((harness) => harness.close()));
    const keys = await admin.keys(`${KEY_PREFIX}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('shares one rate limit between two gateways, and a restarted gateway still sees it', async () => {
    // One request per 10 s sustained, 3 at once: the test runs well within one window.
    const env = { RATE_LIMIT_PER_SEC: '0.1', RATE_LIMIT_BURST: '3' };
    const a = await gateway(env);
    const b = await gateway(env);
    expect([
      (await create(a.harness, a.harness.aliceKey)).status,
      (await create(b.harness, b.harness.aliceKey)).status,
    ]).toEqual([200, 200]);
    expect((await create(a.harness, a.harness.aliceKey)).status).toBe(200);
    const refused = await create(b.harness, b.harness.aliceKey);
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('Usage limit exceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Gateway A goes away (its Redis connection closed) and comes back as a new process would.
    await a.limits.close();
    const restarted = await gateway(env);
    expect((await create(restarted.harness, restarted.harness.aliceKey)).status).toBe(429);
    expect((await create(restarted.harness, restarted.harness.bobKey)).status).toBe(200);
  });

  it("refuses on every gateway once the worker has counted the owner's month of pages", async () => {
    const env = { PAGES_PER_MONTH: '5' };
    const a = await gateway(env);
    const b = await gateway(env);
    expect((await create(a.harness, a.harness.aliceKey)).status).toBe(200);
    // The worker's process: its own connection to the same Redis.
    const worker = createPageQuota(
      await createLimitsStore({ redisUrl: REDIS_URL, keyPrefix: KEY_PREFIX, logger }).then((store) => {
        opened.stores.push(store);
        return store;
      }),
    );
    expect(
      await worker.charge({ ownerId: 'alice', chargeId: 't1/1', pages: 5, limit: 5, nowMs: a.harness.clock.now() }),
    ).toEqual({
      kind: 'charged',
      used: 5,
    });
    for (const { harness } of [a, b]) {
      const refused = await create(harness, harness.aliceKey);
      expect(refused.status).toBe(429);
      expect(refused.text).toMatch(/^Usage limit exceeded: the 5 pages of this month are used/);
    }
    const restarted = await gateway(env);
    expect((await create(restarted.harness, restarted.harness.aliceKey)).status).toBe(429);
    expect((await create(restarted.harness, restarted.harness.bobKey)).status).toBe(200);
  });
});

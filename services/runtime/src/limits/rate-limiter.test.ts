import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createLimitsStore } from './limits-store.js';
import { createRateLimiter, rateLimitWindows } from './rate-limiter.js';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('rateLimitWindows', () => {
  it('lets the burst through at once and keeps the sustained rate near the bucket', () => {
    expect(rateLimitWindows({ ratePerSec: 20, burst: 40 })).toEqual({
      steady: { points: 20, durationSec: 1 },
      extra: { points: 20, durationSec: 2 },
    });
    // Below one request a second: one per 1/rate seconds.
    expect(rateLimitWindows({ ratePerSec: 0.25, burst: 3 })).toEqual({
      steady: { points: 1, durationSec: 4 },
      extra: { points: 2, durationSec: 12 },
    });
    expect(rateLimitWindows({ ratePerSec: 5, burst: 5 }).extra).toBeNull();
  });
});

describe('createRateLimiter (memory)', () => {
  it('allows a burst per key, then refuses with the wait until the next window', async () => {
    const store = await createLimitsStore({ redisUrl: undefined, keyPrefix: 'test:', logger });
    const limiter = createRateLimiter(store, { name: 'create', ratePerSec: 2, burst: 3 });
    const taken = [await limiter.take('a'), await limiter.take('a'), await limiter.take('a')];
    expect(taken).toEqual([0, 0, 0]);
    const waitSec = await limiter.take('a');
    expect(waitSec).toBeGreaterThan(0);
    expect(waitSec).toBeLessThanOrEqual(2);
    // Another key has its own allowance.
    expect(await limiter.take('b')).toBe(0);
    await store.close();
  });

  it('keeps limiters of different names apart', async () => {
    const store = await createLimitsStore({ redisUrl: undefined, keyPrefix: 'test:', logger });
    const create = createRateLimiter(store, { name: 'create', ratePerSec: 1, burst: 1 });
    const upload = createRateLimiter(store, { name: 'upload', ratePerSec: 1, burst: 1 });
    expect(await create.take('a')).toBe(0);
    expect(await create.take('a')).toBeGreaterThan(0);
    expect(await upload.take('a')).toBe(0);
    await store.close();
  });
});

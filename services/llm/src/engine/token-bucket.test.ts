import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fakes.js';
import { createTokenBucket } from './token-bucket.js';

describe('token bucket', () => {
  it('lets a burst of one second through, then spaces requests at the rate', async () => {
    const clock = new FakeClock();
    const bucket = createTokenBucket(2, clock);
    await bucket.acquire();
    await bucket.acquire();
    expect(clock.sleeps).toEqual([]);
    await bucket.acquire();
    expect(clock.sleeps).toEqual([500]);
  });

  it('queues concurrent callers one interval apart', async () => {
    const clock = new FakeClock();
    // The fake clock does not advance while callers wait, so each reservation goes further out.
    clock.sleep = (ms) => {
      clock.sleeps.push(ms);
      return Promise.resolve();
    };
    const bucket = createTokenBucket(1, clock);
    await Promise.all([bucket.acquire(), bucket.acquire(), bucket.acquire()]);
    expect(clock.sleeps).toEqual([1000, 2000]);
  });

  it('refills over time up to its capacity', async () => {
    const clock = new FakeClock();
    const bucket = createTokenBucket(1, clock);
    await bucket.acquire();
    clock.nowMs += 10_000;
    await bucket.acquire();
    expect(clock.sleeps).toEqual([]);
    await bucket.acquire();
    expect(clock.sleeps).toEqual([1000]);
  });
});

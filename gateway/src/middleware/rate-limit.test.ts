import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './rate-limit.js';

describe('TokenBuckets', () => {
  it('allows a burst, then one request per refill interval, per key', () => {
    let nowMs = 0;
    const buckets = new TokenBuckets({ ratePerSec: 2, burst: 3, now: () => nowMs });
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBeCloseTo(0.5);
    expect(buckets.take('b')).toBe(0);
    nowMs = 500;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBeGreaterThan(0);
    nowMs = 10_000;
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a'), buckets.take('a') > 0]).toEqual([0, 0, 0, true]);
  });
});

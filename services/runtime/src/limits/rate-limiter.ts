import { BurstyRateLimiter, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitsStore } from './limits-store.js';

export interface RateLimitOptions {
  /** Names the limiter's keys in the store (e.g. `create`). */
  name: string;
  /** Sustained requests per second per key. */
  ratePerSec: number;
  /** Requests one key may send at once. */
  burst: number;
}

/** A per-key request rate limit. */
export interface RateLimiter {
  /** Takes one request of `key`: 0 when allowed, else the seconds until it would be. */
  take(key: string): Promise<number>;
}

/**
 * The two windows that stand in for a token bucket of `ratePerSec` and `burst`
 * (rate-limiter-flexible's BurstyRateLimiter, the library's replacement for a bucket): a steady
 * window of `ratePerSec` per second (for rates below 1, one request per `1/rate` seconds), and an
 * extra allowance of `burst` minus that, renewed every `burst / ratePerSec` seconds (the time a
 * bucket takes to refill). So `burst` requests pass at once, as with a bucket; over time a key can
 * send up to the rate plus the extra allowance spread over its window (defaults 20/s and 40:
 * 20 + 20 every 2 s, 30/s at most against the bucket's 20/s).
 */
export function rateLimitWindows(options: Pick<RateLimitOptions, 'ratePerSec' | 'burst'>): {
  steady: { points: number; durationSec: number };
  extra: { points: number; durationSec: number } | null;
} {
  const windowSec = options.ratePerSec >= 1 ? 1 : Math.ceil(1 / options.ratePerSec);
  const steadyPoints = Math.max(1, Math.floor(options.ratePerSec * windowSec));
  const extraPoints = options.burst - steadyPoints;
  return {
    steady: { points: steadyPoints, durationSec: windowSec },
    extra:
      extraPoints > 0
        ? { points: extraPoints, durationSec: Math.max(windowSec, Math.ceil(options.burst / options.ratePerSec)) }
        : null,
  };
}

/**
 * A rate limit counted in `store`: shared by every process on the same Redis. While Redis does not
 * answer, each process limits on its own (in memory) rather than letting everything through.
 */
export function createRateLimiter(store: LimitsStore, options: RateLimitOptions): RateLimiter {
  const windows = rateLimitWindows(options);
  const steady = store.limiter({ name: `rate:${options.name}`, ...windows.steady, fallbackToMemory: true });
  const limiter =
    windows.extra === null
      ? steady
      : new BurstyRateLimiter(
          steady,
          store.limiter({ name: `burst:${options.name}`, ...windows.extra, fallbackToMemory: true }),
        );
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(rejection.msBeforeNext, 1) / 1000;
        // Redis and its memory fallback both failed: let the request through rather than refuse everyone.
        store.reportFailure(rejection, 'rate limit');
        return 0;
      }
    },
  };
}

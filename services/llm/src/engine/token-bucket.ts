/** Time sources, injectable so tests never sleep. */
export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Limits the rate of requests to one model. */
export interface RateLimiter {
  /** Resolves when the caller may send one request. */
  acquire(): Promise<void>;
}

/** No limit: models without `rate_limit`. */
export const unlimited: RateLimiter = { acquire: () => Promise.resolve() };

/**
 * A token bucket of `ratePerSec` tokens per second, holding at most `max(1, ratePerSec)` tokens
 * (so a burst is at most one second's worth). Callers that find it empty reserve a future token by
 * driving the balance negative and sleep until it is theirs: FIFO order without a queue.
 */
export function createTokenBucket(ratePerSec: number, clock: Clock = systemClock): RateLimiter {
  const capacity = Math.max(1, ratePerSec);
  let tokens = capacity;
  let last = clock.now();
  return {
    async acquire(): Promise<void> {
      const now = clock.now();
      tokens = Math.min(capacity, tokens + ((now - last) / 1000) * ratePerSec);
      last = now;
      tokens -= 1;
      if (tokens < 0) await clock.sleep((-tokens / ratePerSec) * 1000);
    },
  };
}

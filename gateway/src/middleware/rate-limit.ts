import type { GatewayMiddleware } from '../context.js';
import { ApiError } from '../http-errors.js';

export interface TokenBucketOptions {
  /** Tokens added per second. */
  ratePerSec: number;
  /** Bucket size: how many requests may come at once. */
  burst: number;
  now?: () => number;
}

/** Token buckets keyed by owner. `take` answers 0 when allowed, else the seconds until a token. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; updatedAtMs: number }>();
  private readonly now: () => number;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? Date.now;
  }

  take(key: string): number {
    const nowMs = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.options.burst, updatedAtMs: nowMs };
    const refilled = Math.min(this.options.burst, bucket.tokens + ((nowMs - bucket.updatedAtMs) / 1000) * this.options.ratePerSec);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, updatedAtMs: nowMs });
      return (1 - refilled) / this.options.ratePerSec;
    }
    this.buckets.set(key, { tokens: refilled - 1, updatedAtMs: nowMs });
    if (this.buckets.size > 100_000) this.prune(nowMs);
    return 0;
  }

  /** Drops full buckets: they hold no information beyond the default. */
  private prune(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.updatedAtMs) / 1000) * this.options.ratePerSec >= this.options.burst) this.buckets.delete(key);
    }
  }
}

/** 429 `Usage limit exceeded` with `Retry-After` once the owner's bucket is empty. Runs after auth. */
export function rateLimit(buckets: TokenBuckets): GatewayMiddleware {
  return async function rateLimitMiddleware(ctx, next) {
    const waitSec = buckets.take(ctx.state.ownerId);
    if (waitSec > 0) throw new ApiError('rate-limited', undefined, { retryAfterSec: waitSec });
    await next();
  };
}

import type { RateLimiter } from '@folio/runtime';
import type { GatewayMiddleware } from '../context.js';
import { ApiError } from '../http-errors.js';

/**
 * 429 `Usage limit exceeded` with `Retry-After` once the owner's allowance is used up. Runs after
 * auth. The limiter counts in Redis when configured, so every replica shares one allowance.
 */
export function rateLimit(limiter: RateLimiter): GatewayMiddleware {
  return async function rateLimitMiddleware(ctx, next) {
    const waitSec = await limiter.take(ctx.state.ownerId);
    if (waitSec > 0) throw new ApiError('rate-limited', undefined, { retryAfterSec: waitSec });
    await next();
  };
}

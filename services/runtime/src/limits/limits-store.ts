import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { z } from 'zod';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';

/**
 * Where the gateway's rate limits and the owners' quotas are counted. With `REDIS_URL` every
 * gateway replica and worker shares one count that outlives restarts; without it each process
 * counts in its own memory (one machine, counts start again at each restart).
 */
export const limitsEnv = {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS); unset: in-process memory. */
  REDIS_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  /** Prefix of every key Folio writes into Redis, so that one Redis can serve several deployments. */
  LIMITS_KEY_PREFIX: z.string().min(1).default('folio:limits:'),
};

export interface LimiterOptions {
  /** Added to the store's prefix: names this limiter's keys. */
  name: string;
  points: number;
  /** Seconds a key lives from its first point; 0: for ever (memory: until the process ends). */
  durationSec: number;
  /**
   * Redis only: count in this process's memory while Redis does not answer (the library's
   * insurance limiter). Off: a call fails while Redis is away, and the caller decides.
   */
  fallbackToMemory: boolean;
}

/** One home for the Redis connection (or the memory) behind every limiter of a process. */
export interface LimitsStore {
  readonly kind: 'redis' | 'memory';
  /** A rate-limiter-flexible limiter on this store. */
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Logs a failed call to the store, at most once per outage (until the store answers again). */
  reportFailure(error: unknown, operation: string): void;
  close(): Promise<void>;
}

export interface LimitsStoreOptions {
  redisUrl: string | undefined;
  keyPrefix: string;
  logger: Logger;
  /** How long to wait for Redis at start before going on without it (its calls then fail over). */
  connectTimeoutMs?: number;
}

/** A limits store in this process's memory (what `createLimitsStore` opens without `redisUrl`). */
export function createMemoryLimitsStore(options: { keyPrefix: string; logger: Logger }): LimitsStore {
  // A memory limiter counts in its own map: limiters of one name must be one instance to share counts.
  const limiters = new Map<string, RateLimiterMemory>();
  return {
    kind: 'memory',
    limiter: ({ name, points, durationSec }) => {
      const id = `${name}|${points}|${durationSec}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = new RateLimiterMemory({ keyPrefix: `${options.keyPrefix}${name}`, points, duration: durationSec });
        limiters.set(id, limiter);
      }
      return limiter;
    },
    reportFailure: (error, operation) => options.logger.error({ err: error, operation }, 'limits store failed'),
    close: () => Promise.resolve(),
  };
}

/**
 * Opens the limits store: Redis when `redisUrl` is set, else memory. Never throws for an
 * unreachable Redis: the process starts, logs it, and keeps reconnecting in the background.
 */
export async function createLimitsStore(options: LimitsStoreOptions): Promise<LimitsStore> {
  const { logger, keyPrefix } = options;
  if (options.redisUrl === undefined) return createMemoryLimitsStore({ keyPrefix, logger });

  const redis = new Redis(options.redisUrl, {
    // A call while Redis is away fails at once (and goes to the fallback) instead of queueing
    // until it returns: a request must not wait on the limiter.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: options.connectTimeoutMs ?? 2000,
    // Reconnect for ever, at most every 5 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let down = false;
  const markDown = (error: unknown, operation: string): void => {
    if (down) return;
    down = true;
    logger.error(
      { error: errorMessage(error), operation },
      'limits store (Redis) unavailable: rate limits per replica, quotas not enforced',
    );
  };
  // Without a listener an 'error' event would throw and end the process.
  redis.on('error', (error: unknown) => markDown(error, 'connect'));
  redis.on('ready', () => {
    if (down) logger.info('limits store (Redis) reachable again');
    down = false;
  });
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), options.connectTimeoutMs ?? 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (ready) logger.info({ keyPrefix }, 'limits store: Redis');

  return {
    kind: 'redis',
    limiter: ({ name, points, durationSec, fallbackToMemory }) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}${name}`,
        points,
        duration: durationSec,
        rejectIfRedisNotReady: true,
        ...(fallbackToMemory
          ? {
              insuranceLimiter: new RateLimiterMemory({
                keyPrefix: `${keyPrefix}${name}`,
                points,
                duration: durationSec,
              }),
            }
          : {}),
      }),
    reportFailure: markDown,
    async close() {
      // QUIT lets replies in flight arrive; with Redis away there is nothing to wait for.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

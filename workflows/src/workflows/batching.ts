/** Splits `items` into consecutive batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The one `mapLimit` (import-free, so the workflow bundle loads it). */
export { mapLimit } from '@folio/runtime/map-limit';

/** Runs calls with at most a fixed number in flight. */
export type Limiter = <R>(call: () => Promise<R>) => Promise<R>;

/**
 * At most `limit` calls in flight; the others wait and start in the order they came (FIFO), so a
 * replay starts them in the same order. A call that fails frees its place like one that succeeds.
 */
export function createLimiter(limit: number): Limiter {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return async (call) => {
    if (inFlight < limit) inFlight++;
    // The call that frees a place hands it over: inFlight stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await call();
    } finally {
      const next = waiting.shift();
      if (next === undefined) inFlight--;
      else next();
    }
  };
}

/**
 * Runs `worker` over `items` with at most `limit` in flight; results keep the input order. Lanes
 * take items in order. (Workflow code, which cannot import this package, has its own copy in
 * workflows/src/workflows/batching.ts.)
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index] as T); // index < items.length was checked just above
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Runs `worker` over `items` with at most `limit` in flight (at least one); results keep the input
 * order. Lanes take items in order, so under Temporal's replay the workflow's calls start in the
 * same order too. No imports: workflow code loads it as `@folio/runtime/map-limit`.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index] as T, index); // index < items.length was checked just above
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

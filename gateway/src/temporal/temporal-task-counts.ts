import type { Client } from '@temporalio/client';
import { SEARCH_ATTRIBUTES, TASK_STATUSES } from '@folio/workflows/contracts';
import type { TaskCountReader } from '@folio/runtime';

/** A scrape waits at most this long for the counts; past it the gauge is left out of that scrape. */
const COUNT_DEADLINE_MS = 2000;

/**
 * Counts tasks in each status through Temporal's visibility (`TaskStatus` search attribute), for
 * the `folio_tasks{status}` gauge. Deleted tasks have their own status and are not counted; the
 * owner gates set no `TaskStatus`, so they are not either.
 */
export function createTemporalTaskCounts(client: Client): TaskCountReader {
  return () =>
    client.withDeadline(Date.now() + COUNT_DEADLINE_MS, async () => {
      const counts = await Promise.all(
        TASK_STATUSES.map(async (status) => {
          const { count } = await client.workflow.count(`${SEARCH_ATTRIBUTES.status} = '${status}'`);
          return [status, count] as const;
        }),
      );
      return Object.fromEntries(counts);
    });
}

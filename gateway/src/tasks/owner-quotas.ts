import { nextMonthStartMs, type PageQuota } from '@folio/runtime';
import { ApiError } from '../http-errors.js';
import type { TaskWorkflows } from './task-workflows.js';

/** How long a client refused for too many unfinished tasks should wait: about one short task. */
const UNFINISHED_RETRY_AFTER_SEC = 30;

/** The per-owner quotas checked before a run starts (create and update). */
export interface OwnerQuotas {
  /** The owner's pages per month, for the workflow to count against; null: no quota. */
  readonly pagesPerMonth: number | null;
  /** Throws 429 `Usage limit exceeded: ...` when the owner may not start another run now. */
  check(ownerId: string): Promise<void>;
}

export interface OwnerQuotasOptions {
  pageQuota: PageQuota;
  pagesPerMonth: number | null;
  maxUnfinishedTasks: number | null;
  workflows: TaskWorkflows;
  now: () => number;
}

/**
 * Quotas shared by every gateway replica: the month's pages live in the limits store (counted by
 * the worker, which refuses the run that does not fit), unfinished tasks in Temporal's visibility.
 * Both are checked, not reserved: replicas creating at the same instant may pass one task over the
 * cap, and a month's last pages may go to a run whose pages then do not fit (it ends Failed).
 */
export function createOwnerQuotas(options: OwnerQuotasOptions): OwnerQuotas {
  const { pagesPerMonth, maxUnfinishedTasks } = options;
  return {
    pagesPerMonth,
    async check(ownerId) {
      if (pagesPerMonth !== null) {
        const nowMs = options.now();
        // null: the store did not answer; fail open (the store logged it).
        const used = await options.pageQuota.used(ownerId, nowMs);
        if (used !== null && used >= pagesPerMonth) {
          const resetMs = nextMonthStartMs(nowMs);
          throw new ApiError(
            'quota-exceeded',
            `Usage limit exceeded: the ${pagesPerMonth} pages of this month are used; the count starts again on ${new Date(resetMs).toISOString()}`,
            { retryAfterSec: (resetMs - nowMs) / 1000 },
          );
        }
      }
      if (maxUnfinishedTasks !== null) {
        const unfinished = await options.workflows.countUnfinished(ownerId);
        if (unfinished >= maxUnfinishedTasks) {
          throw new ApiError(
            'quota-exceeded',
            `Usage limit exceeded: ${unfinished} tasks are Starting or Processing, the most one owner may have`,
            { retryAfterSec: UNFINISHED_RETRY_AFTER_SEC },
          );
        }
      }
    },
  };
}

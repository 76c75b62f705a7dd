import { log } from '@temporalio/activity';
import type { PageQuota } from '@folio/runtime';

export interface ChargePagesInput {
  taskId: string;
  ownerId: string;
  runRevision: number;
  pageCount: number;
  /** The owner's pages per month (the task's `limits.pagesPerMonth`). */
  pagesPerMonth: number;
}

export type ChargePagesResult = { kind: 'charged' } | { kind: 'refused'; used: number };

export interface QuotaActivities {
  chargePages(input: ChargePagesInput): Promise<ChargePagesResult>;
}

/**
 * Counts a run's pages against its owner's month (`PageQuota`, shared through Redis with the
 * gateway, which refuses creates once the month is used up). Without a quota, or while the store
 * does not answer, the run goes on (fail open, logged by the store).
 */
export function createQuotaActivities(pageQuota: PageQuota | undefined, now: () => number = Date.now): QuotaActivities {
  return {
    async chargePages(input) {
      if (!pageQuota) return { kind: 'charged' };
      const result = await pageQuota.charge({
        ownerId: input.ownerId,
        // A retried activity charges once; a rerun (update) of the task is another run and counts again.
        chargeId: `${input.taskId}/${input.runRevision}`,
        pages: input.pageCount,
        limit: input.pagesPerMonth,
        nowMs: now(),
      });
      if (result.kind === 'refused') {
        log.info('monthly page quota refused a run', {
          pages: input.pageCount,
          used: result.used,
          limit: input.pagesPerMonth,
        });
        return { kind: 'refused', used: result.used };
      }
      return { kind: 'charged' };
    },
  };
}

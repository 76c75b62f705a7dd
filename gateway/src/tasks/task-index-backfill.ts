import { errorMessage, mapLimit, type Logger } from '@folio/runtime';
import type { TaskState } from '@folio/workflows/contracts';
import type { TaskIndex } from './task-index.js';
import type { TaskWorkflows } from './task-workflows.js';

export interface TaskIndexBackfillDeps {
  index: TaskIndex;
  workflows: TaskWorkflows;
  logger: Logger;
}

/** What one backfill did; null when the index was already complete. */
export interface BackfillReport {
  indexed: number;
  /** Tasks whose `created_at` no index key can hold (not a time): left unlisted. */
  skipped: number;
}

/** Tasks whose markers are written at once. */
const WRITE_CONCURRENCY = 16;
/** Tasks read from Temporal before their markers are written. */
const BATCH_SIZE = 200;

/**
 * Indexes the tasks created before the list index existed (issue 18): once, when the completion
 * marker is absent, every task Temporal lists as not deleted gets its markers, then the marker is
 * written. Writing a marker twice is harmless, so replicas starting together, or a run cut short
 * and repeated at the next start, do no harm; a task deleted meanwhile leaves a stale marker,
 * which lists skip and remove. Never throws: started in the background, it must not stop the
 * gateway; a failure is logged and the next start tries again.
 */
export async function backfillTaskIndex(deps: TaskIndexBackfillDeps): Promise<BackfillReport | null> {
  const { index, workflows, logger } = deps;
  try {
    if (await index.isBackfilled()) return null;
    logger.info('task index backfill started');
    const report: BackfillReport = { indexed: 0, skipped: 0 };
    const write = async (states: TaskState[]): Promise<void> => {
      await mapLimit(states, WRITE_CONCURRENCY, async (state) => {
        const createdMs = Date.parse(state.createdAt);
        if (Number.isNaN(createdMs)) {
          report.skipped += 1;
          return;
        }
        await index.add(state.ownerId, { taskId: state.taskId, createdMs });
        report.indexed += 1;
      });
    };
    let batch: TaskState[] = [];
    for await (const state of workflows.listAll()) {
      batch.push(state);
      if (batch.length < BATCH_SIZE) continue;
      await write(batch);
      batch = [];
    }
    await write(batch);
    await index.markBackfilled();
    logger.info(report, 'task index backfilled');
    return report;
  } catch (error) {
    logger.warn({ error: errorMessage(error) }, 'task index backfill failed; the next start tries again');
    return null;
  }
}

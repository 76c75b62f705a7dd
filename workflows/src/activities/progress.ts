import { Context, log } from '@temporalio/activity';
import { PROGRESS_INTERVAL_MS, type PageStage } from '../contracts.js';
import type { TaskSignaller } from './types.js';

/** What a page activity's input carries when its workflow counts pages within a call. */
export interface ProgressNotice {
  runRevision: number;
}

/** Collects the pages an activity finished and reports them to the workflow while the activity runs. */
export interface ProgressReports {
  /** Marks pages finished; they go out with the next report. */
  done(pageIndexes: readonly number[]): void;
  /** Stops reporting; the activity's result counts the rest. */
  stop(): void;
}

/**
 * Every `intervalMs` (PROGRESS_INTERVAL_MS), signals the workflow the pages finished since the last
 * report, if any. Best effort: a lost report only delays the count until the activity completes,
 * so a failed signal is logged and the work goes on. Without a notice (histories recorded before
 * per-page progress) nothing is sent.
 */
export function startProgressReports(
  signaller: TaskSignaller,
  stage: PageStage,
  notice: ProgressNotice | undefined,
  intervalMs = PROGRESS_INTERVAL_MS,
): ProgressReports {
  const workflowId = Context.current().info.workflowExecution?.workflowId;
  if (notice === undefined || workflowId === undefined) return { done: () => undefined, stop: () => undefined };
  let pending: number[] = [];
  const timer = setInterval(() => {
    if (pending.length === 0) return;
    const pageIndexes = pending;
    pending = [];
    signaller
      .pagesProgress(workflowId, { runRevision: notice.runRevision, stage, pageIndexes })
      .catch((error: unknown) => {
        log.warn('progress report failed', { stage, error: error instanceof Error ? error.message : String(error) });
      });
  }, intervalMs);
  return {
    done: (pageIndexes) => void pending.push(...pageIndexes),
    stop: () => clearInterval(timer),
  };
}

import { CancelledFailure, type Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import {
  metrics,
  parseJobPriority,
  setSpanAttributes,
  taskSpanAttributes,
  withLogFields,
  type JobPriority,
} from '@folio/runtime';

/** The activities that finish pages, and the stage their pages count for in `folio_pages_processed_total`. */
const PAGE_STAGES: Readonly<Record<string, string>> = {
  renderPages: 'render',
  recognizeText: 'ocr',
  analyzeLayout: 'layout',
};

/** The kind of an activity failure for `folio_errors_total`: its Temporal failure type or error class. */
function failureKind(error: unknown): string {
  if (error instanceof ApplicationFailure) return error.type ?? 'ApplicationFailure';
  return error instanceof Error ? error.name : 'UnknownError';
}

/** The owner named by an activity's input (`run.ownerId`, set by runs from the owner field on). */
function ownerOf(args: readonly unknown[]): string | undefined {
  // Activities take one input object: the run reference names the owner, or the input itself.
  const input = args[0] as { run?: { ownerId?: unknown }; ownerId?: unknown } | undefined;
  const owner = input?.run?.ownerId ?? input?.ownerId;
  return typeof owner === 'string' ? owner : undefined;
}

/** The priority of the activity's run (`run.priority`, admission's choice); the stage calls carry it. */
function priorityOf(args: readonly unknown[]): JobPriority {
  const input = args[0] as { run?: { priority?: unknown } } | undefined; // one input object, as above
  return parseJobPriority(input?.run?.priority);
}

/** Pages of a page activity's input (`pageIndexes`); 0 for any other shape. */
function pageCountOf(args: readonly unknown[]): number {
  const input = args[0] as { pageIndexes?: unknown } | undefined; // page activities take one input object
  return Array.isArray(input?.pageIndexes) ? input.pageIndexes.length : 0;
}

/**
 * Activity interceptors of the worker: every activity line logged through `@temporalio/activity`'s
 * `log` gets `task_id` (the workflow id), `run` (the workflow run id), `owner` when the input
 * names it and `priority` for a run that is not `normal`; the same fields ride along to the stages (callStage); every attempt is timed
 * (`folio_activity_duration_seconds`), its failures counted by kind (`folio_errors_total`) and the
 * pages of render, OCR and layout activities counted when they succeed (`folio_pages_processed_total`).
 * With tracing on, the activity's span gets the task id, run and owner as attributes.
 */
export function createActivityTelemetry(): ActivityInterceptorsFactory {
  return (context: Context) => {
    const { activityType, workflowExecution } = context.info;
    let fields: Record<string, string> = workflowExecution
      ? { task_id: workflowExecution.workflowId, run: workflowExecution.runId }
      : {};
    return {
      inbound: {
        async execute(input, next) {
          const startedAt = performance.now();
          const owner = ownerOf(input.args);
          if (owner !== undefined) fields = { ...fields, owner };
          const priority = priorityOf(input.args);
          if (priority !== 'normal') fields = { ...fields, priority };
          // The activity's span (tracing on: Temporal's interceptor runs outside this one) names the task.
          setSpanAttributes(taskSpanAttributes({ taskId: fields.task_id, run: fields.run, owner: fields.owner }));
          let outcome = 'ok';
          try {
            const result = await withLogFields(fields, () => next(input));
            const stage = PAGE_STAGES[activityType];
            if (stage) metrics.pagesProcessed.inc({ stage }, pageCountOf(input.args));
            return result;
          } catch (error) {
            outcome = error instanceof CancelledFailure ? 'cancelled' : 'failed';
            if (outcome === 'failed') metrics.errors.inc({ component: 'worker', kind: failureKind(error) });
            throw error;
          } finally {
            metrics.activityDuration.observe(
              { activity: activityType, outcome },
              (performance.now() - startedAt) / 1000,
            );
          }
        },
      },
      outbound: {
        getLogAttributes: (attributes, next) => next({ ...attributes, ...fields }),
      },
    };
  };
}

import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import {
  PAGES_PROGRESS_SIGNAL,
  PROCESSING_STARTED_SIGNAL,
  type PagesProgressSignal,
  type ProcessingStartedSignal,
} from '../contracts.js';
import type { StartNotice, TaskSignaller } from './types.js';

/** A `TaskSignaller` over a Temporal client (the worker's, or a test environment's). */
export function createTaskSignaller(client: Client): TaskSignaller {
  return {
    async processingStarted(workflowId: string, signal: ProcessingStartedSignal): Promise<void> {
      // No run id: the signal goes to the current run, which is the one that scheduled us.
      await client.workflow.getHandle(workflowId).signal<[ProcessingStartedSignal]>(PROCESSING_STARTED_SIGNAL, signal);
    },
    async pagesProgress(workflowId: string, signal: PagesProgressSignal): Promise<void> {
      await client.workflow.getHandle(workflowId).signal<[PagesProgressSignal]>(PAGES_PROGRESS_SIGNAL, signal);
    },
  };
}

/**
 * Tells the workflow that the run's first activity began executing, so the task turns
 * `Processing`. A failed signal fails the attempt (retried): the task must not stay `Starting`
 * while work goes on.
 */
export async function announceStart(signaller: TaskSignaller, notice: StartNotice): Promise<void> {
  if (notice === null) return;
  const workflowId = Context.current().info.workflowExecution?.workflowId;
  if (workflowId === undefined) throw new Error('processingStarted needs an activity started by a workflow');
  await signaller.processingStarted(workflowId, notice);
}

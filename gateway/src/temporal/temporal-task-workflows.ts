import {
  ApplicationFailure,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import {
  DELETED_STATUS,
  PROCESS_DOCUMENT_WORKFLOW,
  SEARCH_ATTRIBUTES,
  TASK_FAILURE_TYPES,
  TASK_MEMO_KEY,
  TASK_QUEUE,
  UPDATES,
  type TaskConfiguration,
  type TaskState,
} from '@folio/workflows/contracts';
import { ApiError, badRequest } from '../http-errors.js';
import { isTaskState, type TaskWorkflows } from '../tasks/task-workflows.js';

const OWNER_KEY = defineSearchAttributeKey(SEARCH_ATTRIBUTES.owner, SearchAttributeType.KEYWORD);
const STATUS_KEY = defineSearchAttributeKey(SEARCH_ATTRIBUTES.status, SearchAttributeType.KEYWORD);

/** Quotes a value for a visibility query string literal. */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function memoState(memo: Record<string, unknown> | undefined): TaskState | null {
  const value = memo?.[TASK_MEMO_KEY];
  return isTaskState(value) ? value : null;
}

/**
 * Maps update failures once: a validator's "not in this state" refusal to 400 with its message
 * (the API's text), a task being deleted or a workflow that is gone to 404; anything else as is.
 */
export function mapUpdateError(error: unknown): unknown {
  if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
    const { type, message } = error.cause;
    if (type === TASK_FAILURE_TYPES.invalidState) return badRequest(message);
    if (type === TASK_FAILURE_TYPES.deleted) return new ApiError('task-not-found', undefined, { cause: error });
  }
  if (error instanceof WorkflowNotFoundError) return new ApiError('task-not-found', undefined, { cause: error });
  return error;
}

export interface TemporalTaskWorkflowsOptions {
  client: Client;
  taskQueue?: string;
  /**
   * Deadline of each call. The client retries an unreachable server on its own; this bounds how
   * long a request waits for it (and for a worker to answer an update).
   */
  callTimeoutMs?: number;
  /** Deadline of updates, which also wait for a worker to run the update handler. */
  updateTimeoutMs?: number;
}

/**
 * `TaskWorkflows` on a Temporal client. Reads come from the memo through `describe()` and
 * `list()`, which the server answers with no worker running; changes go through updates, whose
 * validators guard the allowed states.
 */
export function createTemporalTaskWorkflows(options: TemporalTaskWorkflowsOptions): TaskWorkflows {
  const { client } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 10_000;
  const updateTimeoutMs = options.updateTimeoutMs ?? 20_000;
  const bounded = <T>(fn: () => Promise<T>, timeoutMs = callTimeoutMs): Promise<T> =>
    client.withDeadline(Date.now() + timeoutMs, fn);

  async function update<T>(taskId: string, call: (handle: WorkflowHandle) => Promise<T>): Promise<T> {
    try {
      return await bounded(() => call(client.workflow.getHandle(taskId)), updateTimeoutMs);
    } catch (error) {
      throw mapUpdateError(error);
    }
  }

  return {
    async start(input, initialState) {
      await bounded(() =>
        client.workflow.start(PROCESS_DOCUMENT_WORKFLOW, {
          taskQueue: options.taskQueue ?? TASK_QUEUE,
          workflowId: input.taskId,
          args: [input],
          memo: { [TASK_MEMO_KEY]: initialState },
          typedSearchAttributes: [
            { key: OWNER_KEY, value: input.ownerId },
            { key: STATUS_KEY, value: initialState.status },
          ],
        }),
      );
    },
    async get(taskId) {
      try {
        const description = await bounded(() => client.workflow.getHandle(taskId).describe());
        return memoState(description.memo);
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return null;
        throw error;
      }
    },
    async *listAll() {
      // A continued-as-new run is an old copy of a task whose latest run is listed on its own.
      const query = `WorkflowType = ${quote(PROCESS_DOCUMENT_WORKFLOW)} AND ${SEARCH_ATTRIBUTES.status} != ${quote(DELETED_STATUS)} AND ExecutionStatus != 'ContinuedAsNew'`;
      // A deadline per step, not over the whole listing, which may be long: the client reads it by pages.
      const executions = client.workflow.list({ query })[Symbol.asyncIterator]();
      for (;;) {
        const next = await bounded(() => executions.next());
        if (next.done === true) return;
        const state = memoState(next.value.memo);
        if (state) yield state;
      }
    },
    async countUnfinished(ownerId) {
      // Open executions only: a workflow terminated while Processing keeps that status for good.
      const status = SEARCH_ATTRIBUTES.status;
      const query = `${SEARCH_ATTRIBUTES.owner} = ${quote(ownerId)} AND (${status} = 'Starting' OR ${status} = 'Processing') AND ExecutionStatus = 'Running'`;
      const { count } = await bounded(() => client.workflow.count(query));
      return count;
    },
    cancel: (taskId) => update(taskId, (handle) => handle.executeUpdate<TaskState, []>(UPDATES.cancel)),
    reconfigure: (taskId, configuration) =>
      update(taskId, (handle) =>
        handle.executeUpdate<TaskState, [TaskConfiguration]>(UPDATES.reconfigure, { args: [configuration] }),
      ),
    async delete(taskId) {
      try {
        await update(taskId, (handle) => handle.executeUpdate<unknown, []>(UPDATES.delete));
        return 'deleted';
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'task-not-found')) throw error;
        // The workflow has closed (it cannot take updates): remove its history so it is gone.
        await bounded(() =>
          client.workflowService.deleteWorkflowExecution({
            namespace: client.options.namespace,
            workflowExecution: { workflowId: taskId },
          }),
        );
        return 'removed';
      }
    },
  };
}

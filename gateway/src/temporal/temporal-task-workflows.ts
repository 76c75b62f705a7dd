import { ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client, type WorkflowHandle } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import {
  DELETED_STATUS,
  PROCESS_DOCUMENT_WORKFLOW,
  SEARCH_ATTRIBUTES,
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

/** The failure type the workflow's update validators use for "not allowed in this state". */
const INVALID_TASK_STATE = 'InvalidTaskStateError';

/** Quotes a value for a visibility query string literal. */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function memoState(memo: Record<string, unknown> | undefined): TaskState | null {
  const value = memo?.[TASK_MEMO_KEY];
  return isTaskState(value) ? value : null;
}

/** Maps update failures once: validator refusals to 400 with their message, a gone workflow to 404. */
function mapUpdateError(error: unknown): unknown {
  if (error instanceof WorkflowUpdateFailedError) {
    const cause = error.cause;
    if (cause instanceof ApplicationFailure && (cause.type === INVALID_TASK_STATE || cause.name === INVALID_TASK_STATE)) {
      return badRequest(cause.message);
    }
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
}

/**
 * `TaskWorkflows` on a Temporal client. Reads come from the memo through `describe()` and
 * `list()`, which the server answers with no worker running; changes go through updates, whose
 * validators guard the allowed states.
 */
export function createTemporalTaskWorkflows(options: TemporalTaskWorkflowsOptions): TaskWorkflows {
  const { client } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 20_000;
  const bounded = <T>(fn: () => Promise<T>): Promise<T> => client.withDeadline(Date.now() + callTimeoutMs, fn);

  async function update<T>(taskId: string, call: (handle: WorkflowHandle) => Promise<T>): Promise<T> {
    try {
      return await bounded(() => call(client.workflow.getHandle(taskId)));
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
    async listByOwner(ownerId) {
      const query = `${SEARCH_ATTRIBUTES.owner} = ${quote(ownerId)} AND ${SEARCH_ATTRIBUTES.status} != ${quote(DELETED_STATUS)}`;
      return bounded(async () => {
        const states = new Map<string, TaskState>();
        for await (const execution of client.workflow.list({ query })) {
          const state = memoState(execution.memo);
          // Runs are listed newest first; should an id ever be reused, the newest run wins.
          if (state && !states.has(state.taskId)) states.set(state.taskId, state);
        }
        return [...states.values()];
      });
    },
    cancel: (taskId) => update(taskId, (handle) => handle.executeUpdate<TaskState, []>(UPDATES.cancel)),
    reconfigure: (taskId, configuration) =>
      update(taskId, (handle) => handle.executeUpdate<TaskState, [TaskConfiguration]>(UPDATES.reconfigure, { args: [configuration] })),
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

import type { ProcessDocumentInput, TaskConfiguration, TaskState } from '@folio/workflows/contracts';

/**
 * What the routes need from the workflow engine, so tests pass a fake. The Temporal adapter is
 * `createTemporalTaskWorkflows`. Refusals by the workflow's update validators surface as `ApiError`
 * 400s carrying the validator's message; a missing workflow as 404 `Task not found`.
 */
export interface TaskWorkflows {
  /** Starts the task's workflow with `initialState` in its memo. */
  start(input: ProcessDocumentInput, initialState: TaskState): Promise<void>;
  /** The task's state from the workflow memo, or null when there is no such workflow. */
  get(taskId: string): Promise<TaskState | null>;
  /**
   * Every task of every owner that is not deleted, in no particular order: read once, by the
   * backfill of the list index (task-index-backfill.ts). Lists read the index, never this.
   */
  listAll(): AsyncIterable<TaskState>;
  /** How many of `ownerId`'s tasks are `Starting` or `Processing` (queued or running). */
  countUnfinished(ownerId: string): Promise<number>;
  cancel(taskId: string): Promise<TaskState>;
  reconfigure(taskId: string, configuration: TaskConfiguration): Promise<TaskState>;
  /**
   * Deletes the task. `removed` means the workflow had already closed and was removed from the
   * engine directly, so its stored artifacts are left for the caller to delete.
   */
  delete(taskId: string): Promise<'deleted' | 'removed'>;
}

/** Type guard for memo values: a memo written by another workflow type is no task. */
export function isTaskState(value: unknown): value is TaskState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.taskId === 'string' && typeof state.status === 'string' && typeof state.configuration === 'object'
  );
}

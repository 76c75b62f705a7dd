import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';
import { upsertMemo, upsertSearchAttributes } from '@temporalio/workflow';
import { DELETED_STATUS, SEARCH_ATTRIBUTES, TASK_MEMO_KEY, type TaskState } from '../contracts.js';

// @temporalio/common is the workflow package's own dependency and pure (no I/O), so it bundles.
const STATUS_KEY = defineSearchAttributeKey(SEARCH_ATTRIBUTES.status, SearchAttributeType.KEYWORD);

export type TaskChange = Partial<Omit<TaskState, 'revision' | 'taskId' | 'ownerId' | 'createdAt'>>;

/**
 * The task state and its published copies. Every change bumps `revision` and rewrites the memo,
 * which the server keeps, so the gateway reads a current task even with no worker running.
 */
export class TaskRecord {
  #state: TaskState;

  constructor(state: TaskState) {
    this.#state = state;
  }

  get state(): TaskState {
    return this.#state;
  }

  /** Writes the current state without changing it (a run that started with no memo). */
  publish(): void {
    upsertMemo({ [TASK_MEMO_KEY]: this.#state });
    upsertSearchAttributes([{ key: STATUS_KEY, value: statusValue(this.#state) }]);
  }

  /** Applies a change and publishes it; the status attribute only when it changed. */
  update(change: TaskChange | TaskState): TaskState {
    const before = this.#state;
    this.#state = { ...before, ...change, revision: before.revision + 1 };
    upsertMemo({ [TASK_MEMO_KEY]: this.#state });
    if (statusValue(before) !== statusValue(this.#state)) {
      upsertSearchAttributes([{ key: STATUS_KEY, value: statusValue(this.#state) }]);
    }
    return this.#state;
  }

  /** Puts back an earlier state (a cancelled update), under a new revision. */
  restore(earlier: TaskState): TaskState {
    // Identity fields never change; the revision moves forward so readers see the restore.
    return this.update({ ...earlier, taskId: this.#state.taskId, revision: this.#state.revision });
  }
}

function statusValue(state: TaskState): string {
  return state.deleted ? DELETED_STATUS : state.status;
}

/** Now, in workflow time (deterministic under replay). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** `finishedAt + expiresInSec`, or null when the task never expires. */
export function expiryOf(finishedAt: string, expiresInSec: number | null): string | null {
  return expiresInSec === null ? null : new Date(Date.parse(finishedAt) + expiresInSec * 1000).toISOString();
}

import type { ProcessDocumentInput, TaskConfiguration, TaskState } from '@folio/workflows/contracts';
import { ApiError, badRequest } from '../http-errors.js';
import type { TaskWorkflows } from '../tasks/task-workflows.js';

/**
 * In-memory `TaskWorkflows` that behaves like the workflow's update validators, for route tests.
 * Tests move tasks between states with `setState`.
 */
export class FakeTaskWorkflows implements TaskWorkflows {
  readonly states = new Map<string, TaskState>();
  readonly started: ProcessDocumentInput[] = [];
  /** Set to make `start` fail like an unreachable Temporal. */
  startError: Error | null = null;
  /** Set to make `delete` behave like a closed workflow removed from the engine. */
  closed = false;

  start(input: ProcessDocumentInput, initialState: TaskState): Promise<void> {
    if (this.startError) return Promise.reject(this.startError);
    this.started.push(input);
    this.states.set(input.taskId, structuredClone(initialState));
    return Promise.resolve();
  }

  get(taskId: string): Promise<TaskState | null> {
    const state = this.states.get(taskId);
    return Promise.resolve(state ? structuredClone(state) : null);
  }

  /** Set to make `listAll` fail like a visibility query that times out. */
  listError: Error | null = null;

  async *listAll(): AsyncGenerator<TaskState> {
    if (this.listError) throw this.listError;
    // A copy first: the caller may change the tasks while it reads.
    const states = [...this.states.values()].filter((state) => !state.deleted).map((state) => structuredClone(state));
    for (const state of states) {
      // Each on a later tick, as a listing read page by page answers.
      await Promise.resolve();
      yield state;
    }
  }

  countUnfinished(ownerId: string): Promise<number> {
    const unfinished = [...this.states.values()].filter(
      (state) =>
        state.ownerId === ownerId && !state.deleted && (state.status === 'Starting' || state.status === 'Processing'),
    );
    return Promise.resolve(unfinished.length);
  }

  cancel(taskId: string): Promise<TaskState> {
    const state = this.require(taskId);
    if (state.status !== 'Starting')
      return Promise.reject(badRequest(`Task cannot be cancelled: status is ${state.status}`));
    return Promise.resolve(this.setState(taskId, { status: 'Cancelled', message: 'Task cancelled' }));
  }

  reconfigure(taskId: string, configuration: TaskConfiguration): Promise<TaskState> {
    const state = this.require(taskId);
    if (state.status !== 'Succeeded' && state.status !== 'Failed') {
      return Promise.reject(badRequest(`Task cannot be updated: status is ${state.status}`));
    }
    return Promise.resolve(
      this.setState(taskId, {
        configuration,
        status: 'Starting',
        message: 'Task queued for update',
        startedAt: null,
        finishedAt: null,
        expiresAt: null,
      }),
    );
  }

  delete(taskId: string): Promise<'deleted' | 'removed'> {
    this.require(taskId);
    if (this.closed) {
      this.states.delete(taskId);
      return Promise.resolve('removed');
    }
    this.setState(taskId, { deleted: true });
    return Promise.resolve('deleted');
  }

  /** Changes a stored task (and bumps its revision) like the workflow would. */
  setState(taskId: string, patch: Partial<TaskState>): TaskState {
    const state = { ...this.require(taskId), ...patch };
    state.revision += 1;
    this.states.set(taskId, state);
    return structuredClone(state);
  }

  private require(taskId: string): TaskState {
    const state = this.states.get(taskId);
    if (!state) throw new ApiError('task-not-found');
    return state;
  }
}
